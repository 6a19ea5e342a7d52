//! Front-ends: puzzle text in, [`Puzzle`] out, with every problem of the file
//! reported as a [`Diagnostic`](crate::diag::Diagnostic).
//!
//! Both parsers keep going after an error (the next line, the next statement)
//! so one run reports everything wrong with a file. Grammars: `docs/formats.md`.

pub mod cage;
pub mod dat;
pub(crate) mod text;

use crate::diag::Diagnostics;
use crate::ir::Puzzle;

/// The input formats cagec reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// J-wiki cage lines: `11+,1 2 5 6`.
    Cages,
    /// AMPL data in the layout of Melkonian (2016) §7.2.
    Dat,
}

impl InputFormat {
    /// The format implied by a file name, if any.
    pub fn from_path(path: &std::path::Path) -> Option<InputFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "txt" | "kk" | "cage" | "cages" => Some(InputFormat::Cages),
            "dat" => Some(InputFormat::Dat),
            _ => None,
        }
    }
}

/// Parses `src`. On success the puzzle comes with the warnings met on the way;
/// on failure, with every error (and warning) of the file.
pub fn parse(format: InputFormat, src: &str) -> Result<(Puzzle, Diagnostics), Diagnostics> {
    let result = match format {
        InputFormat::Cages => cage::parse(src),
        InputFormat::Dat => dat::parse(src),
    };
    result
        .map(|(puzzle, warnings)| (puzzle, text::cap(warnings)))
        .map_err(text::cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn both(src: &str) {
        for format in [InputFormat::Cages, InputFormat::Dat] {
            if let Ok((puzzle, _)) = parse(format, src) {
                let _ = crate::valid::check(&puzzle);
            } else if let Err(d) = parse(format, src) {
                assert!(d.has_errors(), "Err without an error for {src:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn never_panics_on_arbitrary_text(src in any::<String>()) {
            both(&src);
        }

        #[test]
        fn never_panics_on_cage_like_text(src in "([0-9]{0,3}[-+*%/x÷×−]?,?[0-9 ]{0,12}(NB\\.|#)?[a-z]{0,2}\r?\n){0,30}") {
            both(&src);
        }

        #[test]
        fn never_panics_on_dat_like_text(src in "((param|set|cage|n|t|:|=|:=|\\[|\\]|\\(|\\)|,|;|[0-9]{1,21}|\"sum\"|'ratio'|product|prime_numbers|target_number|operation|#|\n| )){0,60}") {
            both(&src);
        }
    }

    #[test]
    fn never_panics_on_edge_inputs() {
        let long_line = format!("1+,{}\n", "0 ".repeat(5_000_000));
        let junk: String = (0u8..=255).map(char::from).collect();
        for src in [
            "",
            "\n\n\r\n",
            "\u{feff}",
            ")",
            "kk=: 0 : 0",
            "99999999999999999999999999999+,0",
            "18446744073709551615*,0",
            &long_line,
            &junk,
            "param n := 99999999999999999999999;",
            "param n := 255; param t := 18446744073709551615;",
            "set cage[18446744073709551615] := (1,1);",
        ] {
            both(src);
        }
    }
}
