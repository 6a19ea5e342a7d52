//! Tests of the cage-line parser: what it reads, and what it says.

use super::*;

fn errors(src: &str) -> Vec<String> {
    match parse(src) {
        Ok(_) => vec![],
        Err(d) => d.0.iter().map(|d| d.to_string()).collect(),
    }
}

#[test]
fn reads_the_essay_wrapper_comments_and_aliases() {
    let src = "NB. kk\r\nkk0=: 0\u{a0}: 0\r\n  1 , 0  NB. given\r\n\r\n3x,1 2 # c\n2\u{2212},3 5\n4÷,4 8\n6+,6 7 10\n4/,9 13\n8 \u{d7} ,11 15 14\n12X,12\n)\n# after\n";
    let (p, warnings) = parse(src).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(warnings.0.is_empty());
    assert_eq!(p.size, 4);
    let ops: Vec<Op> = p.cages.iter().map(|c| c.op).collect();
    use Op::*;
    assert_eq!(ops, [Given, Mul, Sub, Div, Add, Div, Mul, Mul]);
    assert_eq!(p.cages[1].cells, [Cell::new(0, 1), Cell::new(0, 2)]);
    assert_eq!(p.cages[0].span, Span::new(3, 3));
    assert_eq!(p.cages[6].target, 8);
    assert_eq!(p.cages[6].span, Span::new(10, 1));
}

#[test]
fn every_bad_line_is_reported_with_expected_and_found() {
    let src = "1,0\n3+,1 q 2\n+,3\n5^,4 5\n7+ 6 7\n9*,\n2-,8 9x 10 11\n1,12\n";
    assert_eq!(
        errors(src),
        [
            "2:6: expected a cell number, found 'q'",
            "3:1: expected a target number, found '+'",
            "4:2: expected an operation (+ - * %) or ',', found '^'",
            "5:4: expected ',', found '6'",
            "6:4: expected a cell number, found end of line",
            "7:6: expected a cell number, found '9x'",
        ]
    );
}

#[test]
fn infers_n_and_checks_cell_numbers_at_their_column() {
    assert_eq!(
        errors("1,0\n2+,1 2\n3,9\n"),
        ["3:3: cell 9 is outside the 2×2 grid (expected a cell number from 0 to 3, found '9')"]
    );
    let e = errors("1,0\n2+,1 2\n");
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("0:0: cannot infer the grid size: the cages list 3 cells in all"),
        "{e:?}"
    );
    assert!(
        e[0].contains("the largest cell number, 2, suggests a 2×2 grid of 4 cells"),
        "{e:?}"
    );
    assert!(e[0].ends_with("(expected 1 or 4 cells, found 3)"), "{e:?}");
    assert_eq!(
        errors("99999999999999999999+,0\n"),
        [
            "1:1: target 99999999999999999999 is too large (the largest accepted is 18446744073709551615)"
        ]
    );
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let (p, _) = parse("\u{feff}1,0\r\n").expect("parses");
    assert_eq!((p.size, p.cages[0].span), (1, Span::new(1, 2)));
    let dat = crate::front::parse(crate::front::InputFormat::Dat, "\u{feff}param n := 1;");
    assert!(dat.is_ok(), "{dat:?}");
}

#[test]
fn empty_and_comment_only_files_have_no_cages() {
    for src in ["", "\n\r\n", "NB. nothing\n# here\n", "\u{feff}\n"] {
        assert_eq!(
            errors(src),
            ["0:0: no cages in the file (expected cage lines such as '11+,1 2 5 6', found none)"],
            "{src:?}"
        );
    }
}

#[test]
fn wrapper_mistakes() {
    let two = "a=: 0 : 0\n1,0\n)\nb=: 0 : 0\n1,0\n)\n";
    assert_eq!(
        errors(&format!("{two}1,0\n)\n")),
        [
            "4:1: a second puzzle starts here (the first ended on line 3); a file holds one puzzle",
            "7:1: text after the end ')' of the J definition (line 3)",
            "8:1: ')' closes no J definition (expected a line such as 'kk0=: 0 : 0' before it)",
        ]
    );
    assert_eq!(
        errors(two),
        ["4:1: a second puzzle starts here (the first ended on line 3); a file holds one puzzle",]
    );
    let (_, w) = parse("kk=: noun define\n1,0\n").expect("unclosed is only a warning");
    assert_eq!(
        w.0[0].to_string(),
        "1:1: the J definition opened here is not closed with a line ')'"
    );
}

#[test]
fn a_repeated_cell_is_located_before_the_size_is_inferred() {
    // 17 cells: the count alone would say only "cannot infer the grid size".
    let kk0 = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n2-,10 11 15\n7+,12 13\n";
    assert_eq!(
        errors(&format!("{kk0}2%,14 14\n")),
        ["7:7: cell 14 appears twice in this cage"]
    );
    // 16 cells with a repeat: n is inferred, and the cell left out is named.
    let kk0 = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n";
    assert_eq!(
        errors(&format!("{kk0}2%,14 14\n")),
        [
            "7:7: cell 14 appears twice in this cage",
            "0:0: cell (4,4) #15 is in no cage"
        ]
    );
    // In two cages: the error at the second listing, a note at the first;
    // a third listing refers to the first too.
    let src = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n3,6\n2,  6\n";
    assert_eq!(
        errors(src),
        [
            "8:3: cell 6 is already in the cage on line 2; a cell belongs to exactly one cage; \
             2:11: note: cell 6 is first listed here",
            "9:5: cell 6 is already in the cage on line 2; a cell belongs to exactly one cage; \
             2:11: note: cell 6 is first listed here",
        ]
    );
    let rendered = parse(src).unwrap_err().0[0].render("f.cage", src);
    assert_eq!(
        rendered,
        "f.cage:8:3: error: cell 6 is already in the cage on line 2; a cell belongs to exactly one cage\n  \
         | 3,6\n  |   ^\n\
         f.cage:2:11: note: cell 6 is first listed here\n  \
         | 11+,1 2 5 6\n  |           ^\n"
    );
}
