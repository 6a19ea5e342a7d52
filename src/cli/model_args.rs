//! The formulation options shared by `compile`, `stats` and `solve`.

use cagec::back::OutputFormat;
use cagec::compile::{self, ModelRequest};
use cagec::formulate::{Formulation, KillerForm, Options, ProductMethod};
use cagec::front::InputFormat;

#[derive(clap::Args, Debug, Clone)]
pub struct ModelArgs {
    /// Leave out x[i,j,k] wherever no cage tuple allows k in (i,j) after
    /// propagation (`stats` reports what was removed).
    #[arg(long)]
    pub presolve: bool,
    /// Product cages: prime exponents (6.1.5), value sets on straight cages
    /// (6.2.4, A.9, A.11-A.12), or per cage the smaller of the two.
    #[arg(long, value_enum, default_value_t = ProductMethod::Primes)]
    pub product: ProductMethod,
    /// The paper's rows, or one binary per cage tuple (the convex hull of each
    /// cage) [default: melkonian; for `solve`, tuples with --presolve, the
    /// fastest route: `solve --formulation melkonian` runs the paper's model].
    #[arg(long, value_enum)]
    pub formulation: Option<Formulation>,
    /// With --formulation tuples: cages with more tuples keep the paper's rows.
    #[arg(long, default_value_t = Options::default().tuple_limit, value_name = "N")]
    pub tuple_limit: usize,
    /// Read the puzzle as Killer Sudoku: n = b² with b×b boxes, every cage a
    /// sum of distinct values (a file can say so itself with a `# cagec: killer` line).
    #[arg(long)]
    pub killer: bool,
    /// Killer Sudoku: the seed's model 1 (boxes `= 1`, cage values `<= 1`) or
    /// model 2 (one family of `<= 1` rows over rows, columns, boxes and cages).
    #[arg(long, value_enum, default_value_t = KillerForm::Separate)]
    pub killer_form: KillerForm,
    /// Refuse to build a model with more non-zeros than this (it protects the
    /// machine's memory: 10^8 non-zeros is about 1 GB in memory and several GB of LP).
    #[arg(long, default_value_t = Options::default().max_nonzeros, value_name = "N")]
    pub max_nonzeros: usize,
}

impl ModelArgs {
    /// The model options as named on the command line, before any default.
    pub fn model(&self) -> ModelRequest {
        ModelRequest {
            presolve: self.presolve,
            product: self.product,
            formulation: self.formulation,
            tuple_limit: self.tuple_limit,
            killer_form: self.killer_form,
            max_nonzeros: self.max_nonzeros,
        }
    }

    /// What `compile --to TO` (or `stats`, `explain` without a format) was
    /// asked, for the core to resolve ([`compile::Request`]).
    pub fn request(&self, from: Option<InputFormat>, to: Option<OutputFormat>) -> compile::Request {
        compile::Request {
            from,
            killer: self.killer,
            model: self.model(),
            to,
        }
    }
}
