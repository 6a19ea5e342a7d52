use super::text::WIDTH;
use super::*;
use crate::formulate::formulate_with;
use crate::io::input;

/// The rows of cage `c` (0-based) read off the model alone: its section,
/// titled `cage C: …`. An independent check of what the formulation says
/// it wrote for each cage.
fn section_rows(model: &Model, c: usize) -> Range<usize> {
    let prefix = format!("cage {}:", c + 1);
    let Some(i) = (model.sections.iter()).position(|s| s.title.starts_with(&prefix)) else {
        return 0..0;
    };
    let start = model.sections[i].first_row;
    let end = (model.sections.get(i + 1)).map_or(model.num_rows(), |s| s.first_row);
    start..end
}

fn load(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/puzzles")
        .join(name);
    input::load(&path, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .puzzle
}

fn options() -> Vec<Options> {
    let mut all = Vec::new();
    for presolve in [false, true] {
        for product in [
            ProductMethod::Primes,
            ProductMethod::Sets,
            ProductMethod::Auto,
        ] {
            for formulation in [Formulation::Melkonian, Formulation::Tuples] {
                all.push(Options {
                    presolve,
                    product,
                    formulation,
                    ..Options::default()
                });
            }
        }
    }
    all
}

/// The row names listed under `rows:`, in order.
fn listed_rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("    (") && l.contains(": "))
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter_map(|w| w.strip_suffix(':'))
        .map(str::to_string)
        .collect()
}

/// The text with every run of whitespace made one space: prose checks do
/// not depend on where lines wrap.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

const FIXTURES: [&str; 5] = [
    "kk0.cage",
    "kk1.cage",
    "kk2.cage",
    "kk3.cage",
    "melkonian5.dat",
];

#[test]
fn lists_exactly_the_cage_rows_of_the_emitted_model() {
    for name in FIXTURES {
        let puzzle = load(name);
        for opts in options() {
            let model = formulate_with(&puzzle, &opts).unwrap();
            let text = explain(&puzzle, &opts, None).unwrap();
            let shared = [
                RowFamily::CellValue,
                RowFamily::ValueOncePerRow,
                RowFamily::ValueOncePerColumn,
                RowFamily::ValueLink,
            ];
            let expected: Vec<String> = model
                .rows()
                .filter(|r| !shared.contains(&r.info.family))
                .map(|r| r.name.to_string())
                .collect();
            assert!(!expected.is_empty());
            assert_eq!(listed_rows(&text), expected, "{name} {opts:?}");
            for family in [RowFamily::CellValue, RowFamily::ValueLink] {
                let count = model.rows().filter(|r| r.info.family == family).count();
                let eq = family.label();
                assert!(
                    text.lines().any(|l| l.starts_with(&format!("  ({eq})"))
                        && l.ends_with(&format!("{count} rows"))),
                    "{name}: shared family {eq}"
                );
            }
        }
    }
}

#[test]
fn what_the_formulation_says_each_cage_got_is_what_the_model_has() {
    for name in FIXTURES.iter().chain(&["killer9.cage"]) {
        let puzzle = load(name);
        let mut all = options();
        all.push(Options {
            formulation: Formulation::Cover,
            ..Options::default()
        });
        for opts in all {
            let f = formulate_cages(&puzzle, &opts).unwrap();
            assert_eq!(f.model, formulate_with(&puzzle, &opts).unwrap());
            assert_eq!(f.cages.len(), puzzle.cages.len());
            for (c, cage) in f.cages.iter().enumerate() {
                let what = format!("{name} {} cage {}", opts.label(), c + 1);
                assert_eq!(cage.rows, section_rows(&f.model, c), "{what}");
                let title = &f.model.sections[cage.section].title;
                assert!(title.starts_with(&format!("cage {}:", c + 1)), "{what}");
                let rows = || cage.rows.clone().map(|r| f.model.row(r).info.family);
                // A tabulated cage has its (T.1) row over exactly its z.
                let choice = rows().filter(|&fam| fam == RowFamily::TupleChoice).count();
                assert_eq!(choice, usize::from(cage.encoding.is_tabulated()), "{what}");
                if cage.encoding.is_tabulated() {
                    let t1 = (cage.rows.clone())
                        .map(|r| f.model.row(r))
                        .find(|r| r.info.family == RowFamily::TupleChoice)
                        .unwrap();
                    let vars: Vec<_> = t1.terms.iter().map(|t| t.var).collect();
                    let z: Vec<_> = cage.z.iter().map(|&(_, v)| v).collect();
                    assert_eq!(vars, z, "{what}");
                    for &(t, v) in &cage.z {
                        assert_eq!(f.model.var_name(v), format!("z_{}_{}", c + 1, t + 1));
                    }
                } else {
                    assert!(cage.z.is_empty(), "{what}");
                }
                let sets = rows().any(|fam| {
                    matches!(
                        fam,
                        RowFamily::PairValueSet
                            | RowFamily::ValueSet
                            | RowFamily::ValueSetMembers
                            | RowFamily::ValueSetChoice
                    )
                });
                let by_sets = matches!(cage.encoding, CageEncoding::ValueSets(_));
                assert!(sets <= by_sets, "{what}");
                // u is the cage's own, and in one of its rows.
                if let Some(u) = cage.u {
                    assert_eq!(f.model.var_name(u), format!("u_{}", c + 1));
                    let uses = rows().count() > 0
                        && (cage.rows.clone())
                            .any(|r| f.model.row(r).terms.iter().any(|t| t.var == u));
                    assert!(uses || cage.rows.is_empty(), "{what}");
                }
            }
        }
    }
}

#[test]
fn one_cage_only_and_cage_numbers_checked() {
    let puzzle = load("kk0.cage");
    let opts = Options::default();
    let seven = explain(&puzzle, &opts, Some(7)).unwrap();
    assert_eq!(
        listed_rows(&seven),
        ["cage_7_r1", "cage_7_r2", "cage_7_r3", "cage_7_r4"]
    );
    assert!(seven.contains("cage 7: 2% (ratio"));
    assert!(!seven.contains("cage 6:"));
    for bad in [0, 8] {
        assert!(matches!(
            explain(&puzzle, &opts, Some(bad)),
            Err(ExplainError::NoSuchCage { cage, count: 7 }) if cage == bad
        ));
    }
}

#[test]
fn big_m_in_the_text_is_the_coefficient_in_the_model() {
    for name in FIXTURES {
        let puzzle = load(name);
        let model = formulate_with(&puzzle, &Options::default()).unwrap();
        for (c, cage) in puzzle.cages.iter().enumerate() {
            if cage.op != Op::Div {
                continue;
            }
            let first = section_rows(&model, c).start;
            let m = model.row(first).terms.get(2).expect("a third term").coef;
            let text = flat(&explain(&puzzle, &Options::default(), Some(c + 1)).unwrap());
            let claim = text
                .split("big-M: M = ")
                .nth(1)
                .and_then(|s| s.split(", the smallest").next())
                .and_then(|s| s.rsplit(" = ").next())
                .unwrap();
            assert_eq!(claim, m.to_string(), "{name} cage {}", c + 1);
        }
    }
}

#[test]
fn kk0_arithmetic_is_spelled_out() {
    let text = explain(&load("kk0.cage"), &Options::default(), None).unwrap();
    // Cage 4 (8*): 8 = 2^3, so v_2 = 3 and v_3 = 0; 4 = 2^2 has exponent 2.
    assert!(text.contains("v_p(8)      3  0"), "{text}");
    assert!(text.contains("    4           2  0"));
    let prose = flat(&text);
    assert!(prose.contains("keep out 3,"));
    assert!(prose.contains("(Appendix A4): cells (1,1) (1,2) (2,1) with 35"));
    // Cage 7 (2%): M = 2·(4 - 0) - 2 = 6, worst case y_a = 4, y_b = 2.
    assert!(prose.contains("= 2·(4 - 0) - 2 = 6"));
    assert!(prose.contains("cut off the solution y_4_3 = 4, y_4_4 = 2"));
    // Cage 5 (1-): a = (3,3), b = (3,4).
    assert!(prose.contains("a = (3,3) and b = (3,4)"));
    assert!(prose.contains("u_5 = 1: y_3_4 - y_3_3 = -1"));
    // Cage 2 has exactly the essay's 12 tuples, listed.
    assert!(
        text.contains("  12 tuples:\n    (1,2) (1,3) (2,2) (2,3)\n      1     3     3     4\n")
    );
}

#[test]
fn product_method_is_the_one_the_model_uses() {
    let puzzle = load("melkonian5.dat");
    let with = |product| Options {
        product,
        ..Options::default()
    };
    // Cage 7 (15* in a column) is straight: one value set {1,3,5}.
    let sets = explain(&puzzle, &with(ProductMethod::Sets), Some(7)).unwrap();
    assert!(flat(&sets).contains("product 15: {1,3,5}."));
    assert!(flat(&sets).contains("with value sets: --product sets"));
    assert_eq!(listed_rows(&sets), ["cage_7"]);
    let auto = explain(&puzzle, &with(ProductMethod::Auto), Some(7)).unwrap();
    assert!(
        flat(&auto).contains("value sets need 9 against 12"),
        "{auto}"
    );
    // Cage 1 (9* bent) always has prime rows; every tuple repeats the 3.
    let bent = explain(&puzzle, &with(ProductMethod::Sets), Some(1)).unwrap();
    assert!(flat(&bent).contains("straight cages only"));
    assert!(flat(&bent).contains("every tuple repeats a value, e.g. 1 3 3"));
    assert_eq!(listed_rows(&bent), ["cage_1_p2", "cage_1_p3", "cage_1_p5"]);
}

#[test]
fn auto_counts_agree_with_the_choice_even_after_presolve() {
    for name in FIXTURES {
        let puzzle = load(name);
        for presolve in [false, true] {
            let opts = Options {
                presolve,
                product: ProductMethod::Auto,
                ..Options::default()
            };
            let model = formulate_with(&puzzle, &opts).unwrap();
            let ctx = Ctx::new(&puzzle, &opts).unwrap();
            let (primes, sets) = ctx.alternatives().unwrap();
            for (c, cage) in puzzle.cages.iter().enumerate() {
                if cage.op != Op::Mul {
                    continue;
                }
                let nz =
                    |m: &Model| -> usize { section_rows(m, c).map(|r| m.row(r).terms.len()).sum() };
                let chose_sets = section_rows(&model, c)
                    .any(|r| model.row(r).info.family != RowFamily::PrimeExponents);
                assert_eq!(
                    chose_sets,
                    nz(&sets.model) < nz(&primes.model),
                    "{name} presolve={presolve} cage {}",
                    c + 1
                );
                assert_eq!(nz(&model), nz(&primes.model).min(nz(&sets.model)));
            }
        }
    }
}

#[test]
fn tuple_formulation_names_its_z_beside_the_tuples() {
    let puzzle = load("kk0.cage");
    let opts = Options {
        formulation: Formulation::Tuples,
        ..Options::default()
    };
    let text = explain(&puzzle, &opts, Some(7)).unwrap();
    for (i, tuple) in ["1     2", "2     1", "2     4", "4     2"]
        .iter()
        .enumerate()
    {
        assert!(
            text.contains(&format!("    z_7_{}    {tuple}\n", i + 1)),
            "{text}"
        );
    }
    assert!(text.contains("(T.1)   cage_7: z_7_1 + z_7_2 + z_7_3 + z_7_4 = 1"));
    assert!(!text.contains("M = r·"));
}

#[test]
fn notes_lose_only_the_cage_prefix() {
    assert_eq!(short_note("cage 7 (2%): with u_7 = 0", 7), "with u_7 = 0");
    assert_eq!(
        short_note("cage 1: cell (1,1) is given", 1),
        "cell (1,1) is given"
    );
    assert_eq!(short_note("cage 12: x", 1), "cage 12: x");
    assert_eq!(short_note("something else", 3), "something else");
}

#[test]
fn formulas_are_never_broken_across_lines() {
    let long = "word ".repeat(17) + "M >= (2² - 1)·y_4_4 = 3·y_4_4 end";
    let wrapped = wrap_words(&long, "", "");
    assert!(
        wrapped.contains("M >= (2² - 1)·y_4_4 = 3·y_4_4"),
        "{wrapped}"
    );
    assert!(wrapped.lines().all(|l| l.chars().count() <= WIDTH));
}
