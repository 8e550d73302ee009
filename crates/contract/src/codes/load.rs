//! Why a file could not be checked at all (exit code 2): the one-line errors of reading a
//! describe.json, and the diagnostic they become with `--format json`.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    E_FILE_NOT_FOUND {
        severity: Error,
        area: Load,
        summary: "the path does not exist (the default path is `./describe.json`)",
        explanation: "`gtdx validate` and `gtdx lint` read `./describe.json` unless given a path. Run them in the extension's directory, pass the manifest's path, or generate the file first with `gtdx describe`.",
    }
    E_FILE_IS_DIRECTORY {
        severity: Error,
        area: Load,
        summary: "the path is a directory; pass the describe.json inside it",
        explanation: "gtdx checks one file. Pass `DIR/describe.json`, not `DIR`.",
    }
    E_FILE_NOT_REGULAR {
        severity: Error,
        area: Load,
        summary: "the path is a FIFO, socket or device, not a regular file",
        explanation: "gtdx reads regular files only: a named pipe could block forever waiting for a writer, and a device such as /dev/zero never ends. Save the content to a file and pass that (the limits gtdx applies to every input are in docs/security.md).",
    }
    E_FILE_IO {
        severity: Error,
        area: Load,
        summary: "the file exists but cannot be read (permissions, I/O error)",
        explanation: "The operating system refused the read; the message carries its reason. Check the file's permissions and that it is a regular file.",
    }
    E_FILE_TOO_LARGE {
        severity: Error,
        area: Load,
        summary: "the file is over 16 MiB, far beyond any real manifest",
        explanation: "A describe.json with a thousand tools is about 1.5 MB. A file over 16 MiB is the wrong file (a component, an archive, a log), so gtdx refuses it before reading it, and reads at most that much from a pipe or device that claims to be smaller.",
    }
    E_FILE_ENCODING {
        severity: Error,
        area: Load,
        summary: "binary content (a NUL byte), UTF-16, invalid UTF-8, or a byte-order mark",
        explanation: "describe.json is UTF-8 without a byte-order mark, as JSON (RFC 8259) and the platform's loader require. The message names the offset or the line and column of the first offending byte. Re-save the file as UTF-8 without BOM; a NUL byte means a binary file was passed.",
    }
    E_FILE_EMPTY {
        severity: Error,
        area: Load,
        summary: "the file is empty or only whitespace",
        explanation: "An empty describe.json is usually an interrupted write or a placeholder. Generate it with `gtdx describe`.",
    }
    E_NOT_JSON {
        severity: Error,
        area: Load,
        summary: "a JSON syntax error, reported at its line and column",
        explanation: "The file is not JSON: the message gives serde_json's reason at the exact line and column (a trailing comma, a comment, an unquoted key, a missing bracket). JSON allows none of these; fix the text at that place.",
    }
    E_TOO_DEEP {
        severity: Error,
        area: Load,
        summary: "JSON nested deeper than 128 levels (refused, never recursed into)",
        explanation: "A real manifest nests a few levels deep. Deeper input is refused at the place it passes 128 levels, so a hostile file cannot exhaust the stack.",
    }
    E_NOT_OBJECT {
        severity: Error,
        area: Load,
        summary: "the top level is not a JSON object",
        explanation: "A describe.json is one JSON object `{ \"apiVersion\": ..., ... }`. An array, string or number at the top level is the wrong file.",
    }
}
