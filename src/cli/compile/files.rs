//! Where `compile` writes: the model file(s) of one puzzle, compressed when
//! the model's name ends in `.gz`, and the files beside them (the fixed-MPS
//! rename map, the AMPL data, the `.sol` point), all committed together.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::back::{self, OutputFormat};
use crate::gzip;
use crate::input;
use crate::ir::Puzzle;
use crate::model::Model;

use super::super::output::{self, Fill};

/// The extension of a model file of `format` (`mps`, or `mps.gz`).
pub fn extension(format: OutputFormat, gz: bool) -> String {
    let ext = match format {
        OutputFormat::Lp => "lp",
        OutputFormat::Mps | OutputFormat::FixedMps => "mps",
        OutputFormat::Ampl => "mod",
    };
    match gz {
        true => format!("{ext}.gz"),
        false => ext.to_string(),
    }
}

/// `DIR/NAME.EXT` for every puzzle; two puzzles with one name are an error.
pub fn output_paths(
    paths: &[PathBuf],
    dir: &Path,
    format: OutputFormat,
    gz: bool,
) -> Result<Vec<PathBuf>, String> {
    let ext = extension(format, gz);
    let mut first: HashMap<String, &Path> = HashMap::new();
    let mut clashes = String::new();
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let stem = input::stem_of(path);
        if let Some(earlier) = first.insert(stem.clone(), path) {
            clashes.push_str(&format!(
                "cagec: {} and {} would both be written to {stem}.{ext}\n",
                earlier.display(),
                path.display()
            ));
        }
        out.push(dir.join(format!("{stem}.{ext}")));
    }
    match clashes.is_empty() {
        true => Ok(out),
        false => Err(clashes),
    }
}

/// A file beside the model at `path`, named by extension (`kk0.mps.gz` →
/// `kk0.sol`); an error if that is the model's own name.
pub fn beside(path: &Path, extension: &str) -> std::io::Result<PathBuf> {
    let other = output::sibling(path, extension);
    if other == path {
        return Err(std::io::Error::other(format!(
            "{}: the model needs a name other than .{extension} (that file goes beside it)",
            path.display()
        )));
    }
    Ok(other)
}

/// The AMPL data beside a model at `path`: `.dat`, or `.dat.gz` beside a
/// `.mod.gz`, since glpsol reads both compressed.
fn data_path(path: &Path) -> std::io::Result<PathBuf> {
    let data = beside(path, "dat")?;
    Ok(match gzip::is_gzip_path(path) {
        true => data.with_extension("dat.gz"),
        false => data,
    })
}

/// `fill` for the file at `path`: compressed when its name ends in `.gz`.
fn fill_for<'a>(path: &Path, fill: Fill<'a>) -> Fill<'a> {
    match gzip::is_gzip_path(path) {
        true => gzip::compressed(fill),
        false => fill,
    }
}

/// Everything of one format as a single stream (the fixed-MPS rename map as
/// leading comments; for AMPL, the flat MathProg model).
pub fn stdout_fill(format: OutputFormat, model: &Model) -> Fill<'_> {
    match format {
        OutputFormat::Lp => Box::new(|w| back::write_lp(model, w)),
        OutputFormat::Mps => Box::new(|w| back::write_mps(model, w)),
        OutputFormat::FixedMps => Box::new(|w| {
            let names = back::fixed_names(model);
            if names.renamed_count() > 0 {
                let mut map = Vec::new();
                back::write_rename_map(model, &names, &mut map)?;
                back::write_fixed_comments(&String::from_utf8_lossy(&map), w)?;
            }
            back::write_fixed_mps(model, &names, w)
        }),
        OutputFormat::Ampl => Box::new(|w| back::write_mathprog(model, w)),
    }
}

/// The paper's AMPL pair: the model at `path`, its data beside it.
pub fn write_pair(puzzle: &Puzzle, path: &Path) -> std::io::Result<()> {
    let data = data_path(path)?;
    let mut files = output::files();
    files.write(
        path,
        fill_for(path, Box::new(|w| back::ampl::write_model(w))),
    )?;
    files.write(
        &data,
        fill_for(&data, Box::new(|w| back::ampl::write_data(puzzle, &[], w))),
    )?;
    files.commit()
}

/// The model's file(s) at `path`: for fixed MPS with its rename map beside
/// it (never compressed: it is for people); for AMPL, the flat MathProg
/// model and a `.dat` with no data, so that `glpsol -m NAME.mod -d NAME.dat`
/// runs whichever model was written last. With `point`, the `.sol` beside
/// it, in the column names of the model file (never compressed: HiGHS reads
/// it plain).
pub fn write_files(
    format: OutputFormat,
    model: &Model,
    path: &Path,
    point: Option<&[i64]>,
) -> std::io::Result<()> {
    let mut files = output::files();
    let sol = point.map(|_| beside(path, "sol")).transpose()?;
    let fixed = (format == OutputFormat::FixedMps).then(|| back::fixed_names(model));
    match format {
        OutputFormat::Lp => {
            files.write(path, fill_for(path, Box::new(|w| back::write_lp(model, w))))?
        }
        OutputFormat::Mps => files.write(
            path,
            fill_for(path, Box::new(|w| back::write_mps(model, w))),
        )?,
        OutputFormat::FixedMps => {
            let names = fixed.as_ref().expect("made above for fixed MPS");
            files.write(
                path,
                fill_for(path, Box::new(|w| back::write_fixed_mps(model, names, w))),
            )?;
            // Always written (only its header when nothing was renamed), so
            // a map left by an earlier compile never describes this file.
            let map = beside(path, "map")?;
            files.write(&map, Box::new(|w| back::write_rename_map(model, names, w)))?;
        }
        OutputFormat::Ampl => {
            let data = data_path(path)?;
            files.write(
                path,
                fill_for(path, Box::new(|w| back::write_mathprog(model, w))),
            )?;
            files.write(&data, fill_for(&data, Box::new(back::write_mathprog_data)))?;
        }
    }
    if let (Some(sol), Some(point)) = (&sol, point) {
        let fixed = fixed.as_ref();
        files.write(
            sol,
            Box::new(move |w| back::write_solution(model, fixed, point, w)),
        )?;
    }
    files.commit()
}
