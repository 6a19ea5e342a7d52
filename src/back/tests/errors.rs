//! Write errors, refused inputs, and the AMPL pair's shape.

use std::io;

use super::*;
use crate::back::*;
use crate::puzzle::ir::Grid;

/// Accepts `room` bytes, then fails.
struct Full {
    room: usize,
}

impl io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_errors_reach_the_caller() {
    let m = bounds_model();
    let names = fixed_names(&m);
    let p = jwiki(4, KK0);
    type Writer<'a> = Box<dyn Fn(&mut dyn io::Write) -> io::Result<()> + 'a>;
    let writers: [(&str, Writer<'_>); 5] = [
        ("lp", Box::new(|w| write_lp(&m, w))),
        ("mps", Box::new(|w| write_mps(&m, w))),
        ("fixed", Box::new(|w| write_fixed_mps(&m, &names, w))),
        ("mod", Box::new(|w| ampl::write_model(w))),
        ("dat", Box::new(|w| ampl::write_data(&p, &[], w))),
    ];
    for (what, write) in &writers {
        let size = render_with(|w| write(w)).len();
        for room in [0, 10, size / 2, size - 1] {
            let err = write(&mut Full { room }).expect_err(what);
            assert_eq!(err.kind(), io::ErrorKind::StorageFull, "{what}");
        }
        assert!(write(&mut Full { room: size }).is_ok(), "{what}");
    }
}

#[test]
fn ampl_cuts_must_be_grids_of_the_puzzle() {
    let p = jwiki(4, KK0);
    let mut bad = kk0_solution();
    bad.values[2][1] = 5;
    let mut out = Vec::new();
    let err = ampl::write_data(&p, &[kk0_solution(), bad], &mut out).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert!(err.to_string().contains("cut 2"), "{err}");
    assert!(out.is_empty());
    let short = Grid {
        values: vec![vec![1, 2, 3, 4]],
    };
    assert!(ampl::write_data(&p, &[short], &mut out).is_err());
}

#[test]
fn the_ampl_model_ends_and_its_stream_can_hold_the_data() {
    let text = render_with(ampl::write_model);
    assert!(text.ends_with("\nend;\n"), "glpsol warns without it");
    assert_eq!(text.matches("end;").count(), 1);
    assert!(!text.contains("\ndata;"));
    assert!(text.contains("\nsolve;\n"));
    assert!(
        text.contains("printf{i in rows, j in columns}: \"y %d %d %d\\n\", i, j, round(y[i,j]);")
    );
    let data = render_with(|w| ampl::write_data(&jwiki(4, KK0), &[], w));
    assert!(data.contains("\nparam ncuts := 0;\nend;\n"), "{data}");
    assert!(!data.contains("cutval"));
    // One stream: the model without its `end;` (glpsol stops reading there),
    // then `data;` and the data.
    let stream = render_with(|w| ampl::write_stream(&jwiki(4, KK0), &[], w));
    let model = text.strip_suffix("\nend;\n").unwrap();
    assert_eq!(stream, format!("{model}\ndata;\n\n{data}"));
    assert_eq!(stream.matches("end;").count(), 1);
}
