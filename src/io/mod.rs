//! Files in and out: loading a puzzle file through its front-end and
//! validation ([`input`]), and writing outputs all or nothing
//! ([`atomic`]), compressed when their name asks for it ([`gzip`]).

pub mod atomic;
pub mod gzip;
pub mod input;
