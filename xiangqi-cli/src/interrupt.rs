//! Ctrl-C: the first stops a run cleanly (the rows analysed so far are written and the files closed), a
//! second one quits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// Sets `cancel` on the first Ctrl-C. Without a handler (one is already installed, or the platform
/// refuses) Ctrl-C keeps its default effect, which is said on standard error.
pub fn stop_on_ctrl_c(cancel: &Arc<AtomicBool>) {
    let cancel = Arc::clone(cancel);
    let installed = ctrlc::set_handler(move || {
        if cancel.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED));
        }
        eprintln!("\nxiangqi: stopping; the rows read so far are being written (Ctrl-C again to quit at once)");
    });
    if let Err(err) = installed {
        eprintln!("xiangqi: Ctrl-C will not stop cleanly: {err}");
    }
}
