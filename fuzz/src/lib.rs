//! What the fuzz targets share: decoding fuzz bytes into legal games, and checks over game records that
//! cost time linear in the record (a record with thousands of variations is checked as fast as it is
//! read).

pub mod games;
pub mod records;
