//! The solvers and routes by name: the enums a face names (`--solver`,
//! `--via`), each route's family, format and no-good. A leaf of `solve`:
//! the answer parsers match on these, and the table ([`super::solvers`])
//! that says what each solver can do imports the parsers.

use crate::words::Named;

/// The external solvers cagec drives. The doc comments are the `--solver`
/// help lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
#[derive(strum::VariantArray, strum::EnumCount)]
pub enum Solver {
    /// HiGHS (`highs`).
    Highs,
    /// COIN-OR CBC (`cbc`).
    Cbc,
    /// GLPK (`glpsol`).
    Glpk,
    /// CaDiCaL on DIMACS CNF (`cadical`).
    Cadical,
    /// Kissat on DIMACS CNF (`kissat`).
    Kissat,
    /// clasp on OPB or DIMACS CNF (`clasp`).
    Clasp,
    /// MiniSat+ on OPB (`minisat+`).
    #[cfg_attr(feature = "cli", value(name = "minisat+"))]
    #[serde(rename = "minisat+")]
    MinisatPlus,
    /// Gecode on MiniZinc (`minizinc`) or FlatZinc (`fzn-gecode`).
    Gecode,
    /// SCIP on OPB, DIMACS CNF or FlatZinc (`scip`).
    Scip,
}

/// The file route from cagec to the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
#[derive(strum::VariantArray, strum::EnumCount)]
pub enum Via {
    /// CPLEX-LP file (all three solvers).
    Lp,
    /// Free MPS file (all three solvers).
    Mps,
    /// Fixed-column MPS with names shortened to 8 characters (all three).
    FixedMps,
    /// AMPL model + data pair, run by glpsol's MathProg translator.
    Ampl,
    /// OPB, the 0/1 model (clasp, MiniSat+, SCIP).
    Opb,
    /// DIMACS CNF, the 0/1 model as clauses (CaDiCaL, Kissat, clasp, SCIP).
    Cnf,
    /// The generic MiniZinc model + the puzzle's data (Gecode).
    Mzn,
    /// FlatZinc, the model with integer cells (Gecode, SCIP).
    Fzn,
}

/// A solver family: the kind of model a route carries, and the kind of
/// solver cagec drives through its default route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Integer programs: LP, MPS, AMPL.
    Mip,
    /// Clauses: DIMACS CNF.
    Sat,
    /// 0/1 linear rows: OPB.
    PseudoBoolean,
    /// MiniZinc and FlatZinc.
    ConstraintProgramming,
}

/// How a route carries the no-good cut of a found solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoGood {
    /// `nogood_k`, a row of the model: Σ x ≤ n² − 1.
    Row,
    /// The same row as OPB writes it, with `>=`.
    GeRow,
    /// A blocking clause.
    Clause,
    /// The solutions found, as data of the model (MiniZinc).
    Data,
    /// Data of the paper's AMPL pair; a row of the flat MathProg model that
    /// model options give.
    DataOrRow,
}

impl Via {
    pub const ALL: [Via; <Via as strum::EnumCount>::COUNT] =
        crate::words::every(<Via as strum::VariantArray>::VARIANTS);

    pub fn name(self) -> &'static str {
        self.format().name()
    }

    /// The `compile --to` format of the route's file.
    pub fn format(self) -> crate::back::OutputFormat {
        use crate::back::OutputFormat;
        match self {
            Via::Lp => OutputFormat::Lp,
            Via::Mps => OutputFormat::Mps,
            Via::FixedMps => OutputFormat::FixedMps,
            Via::Ampl => OutputFormat::Ampl,
            Via::Opb => OutputFormat::Opb,
            Via::Cnf => OutputFormat::Cnf,
            Via::Mzn => OutputFormat::Mzn,
            Via::Fzn => OutputFormat::Fzn,
        }
    }

    pub fn family(self) -> Family {
        match self {
            Via::Lp | Via::Mps | Via::FixedMps | Via::Ampl => Family::Mip,
            Via::Opb => Family::PseudoBoolean,
            Via::Cnf => Family::Sat,
            Via::Mzn | Via::Fzn => Family::ConstraintProgramming,
        }
    }

    /// How the route carries a no-good cut (`session` adds it).
    pub fn nogood(self) -> NoGood {
        match self {
            Via::Lp | Via::Mps | Via::FixedMps | Via::Fzn => NoGood::Row,
            Via::Opb => NoGood::GeRow,
            Via::Cnf => NoGood::Clause,
            Via::Mzn => NoGood::Data,
            Via::Ampl => NoGood::DataOrRow,
        }
    }

    /// The routes of `family`, in [`Via::ALL`]'s order.
    pub fn of(family: Family) -> impl Iterator<Item = Via> {
        Via::ALL.into_iter().filter(move |v| v.family() == family)
    }
}

impl Named for Via {
    const ALL: &'static [Via] = &Via::ALL;
    const WHAT: &'static str = "route";

    fn name(self) -> &'static str {
        self.format().name()
    }

    fn help(self) -> &'static str {
        match self {
            Via::Lp => "CPLEX-LP file (all three solvers)",
            Via::Mps => "Free MPS file (all three solvers)",
            Via::FixedMps => "Fixed-column MPS with names shortened to 8 characters (all three)",
            Via::Ampl => "AMPL model + data pair, run by glpsol's MathProg translator",
            Via::Opb => "OPB, the 0/1 model (clasp, MiniSat+, SCIP)",
            Via::Cnf => "DIMACS CNF, the 0/1 model as clauses (CaDiCaL, Kissat, clasp, SCIP)",
            Via::Mzn => "The generic MiniZinc model + the puzzle's data (Gecode)",
            Via::Fzn => "FlatZinc, the model with integer cells (Gecode, SCIP)",
        }
    }
}

impl std::fmt::Display for Via {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
