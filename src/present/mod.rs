//! What cagec shows a person rather than a solver: the explanation of each
//! cage's rows ([`explain`], as text or a page), pictures of a puzzle and
//! its solution ([`picture`] as text, [`svg`]), and the size of a model
//! ([`stats`]).

pub mod explain;
pub mod picture;
pub mod stats;
pub mod svg;
