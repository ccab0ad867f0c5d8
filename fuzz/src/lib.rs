//! What the fuzz targets share: decoding fuzz bytes into legal games, checks over game records that
//! cost time linear in the record (a record with thousands of variations is checked as fast as it is
//! read), and the clock that bounds the arbiter's time per ply.

pub mod clock;
pub mod games;
pub mod records;
