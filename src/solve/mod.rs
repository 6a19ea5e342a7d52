//! Drivers for external solver binaries.
