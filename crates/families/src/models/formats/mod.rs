//! The file formats seed 002's families are exchanged in, each read into data for its bundled
//! model at this edge (docs/formats.md).

pub mod ashes;
pub mod battleships;
pub(crate) mod drawn;
pub mod lightsout;
pub mod minesweeper;
pub mod non;
pub mod non_url;
pub mod submarines;
pub mod zebra;
