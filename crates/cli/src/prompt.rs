//! The terminal side of gtdx's wizards (`gtdx new`'s prompts, `gtdx publish --wizard`): each
//! question on stderr as `<prompt> [<default>]: `, its answer a line of stdin. The asking loop
//! itself is [`gtdx_ops::prompt`], shared by every wizard.

use std::io::{BufRead, IsTerminal, Write};

use gtdx_ops::prompt::{Prompter, Question};

use crate::shell::Shell;

/// Whether questions can be asked: stdin and stderr are both terminals. Anywhere else (CI, a
/// pipe) nothing may wait for an answer.
pub fn terminal(shell: &Shell) -> bool {
    std::io::stdin().is_terminal() && shell.err_is_terminal()
}

/// Asks on stderr, reads a line from stdin.
pub struct TerminalPrompter;

impl Prompter for TerminalPrompter {
    fn ask(&mut self, q: &Question) -> std::io::Result<Option<String>> {
        {
            // Not held while waiting for the answer: Ctrl-C's handler (gtdx-fsx) writes its
            // last line to stderr, and would wait for this lock forever.
            let mut err = std::io::stderr().lock();
            write!(err, "{} [{}]: ", q.prompt, q.default)?;
            err.flush()?;
        }
        let mut line = String::new();
        let n = std::io::stdin().lock().read_line(&mut line)?;
        if n == 0 {
            let _ = writeln!(std::io::stderr());
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    fn reject(&mut self, message: &str) {
        let _ = writeln!(std::io::stderr(), "  {message}");
    }
}
