//! `--help` of every command, as snapshots: a change to a flag or its text shows up in review.
//! Update with `cargo insta review` (or `INSTA_UPDATE=always cargo test -p gtdx-cli --test help`).

fn all_commands(command: &clap::Command, path: &str, out: &mut Vec<(String, String)>) {
    let mut command = command.clone().term_width(100);
    let help = command.render_long_help().to_string();
    out.push((path.to_string(), help));
    for sub in command.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        all_commands(sub, &format!("{path} {}", sub.get_name()), out);
    }
}

/// A default is written one way: `[default: x]`, clap's own line for a literal default, or at
/// the end of the help text when the default is computed; never "(default: x)".
#[test]
fn defaults_are_written_one_way() {
    let mut out = Vec::new();
    all_commands(&gtdx_cli::command(), "gtdx", &mut out);
    let bad: Vec<String> = out
        .iter()
        .flat_map(|(path, help)| {
            help.lines()
                .filter(|l| {
                    ["(default:", "(default)", "(the default)"]
                        .iter()
                        .any(|p| l.contains(p))
                })
                .map(move |l| format!("{path}: {}", l.trim()))
        })
        .collect();
    assert!(bad.is_empty(), "write `[default: x]`:\n{}", bad.join("\n"));
}

#[test]
fn help_of_every_command() {
    let mut out = Vec::new();
    all_commands(&gtdx_cli::command(), "gtdx", &mut out);
    for (path, help) in out {
        let name = path.replace(' ', "-");
        insta::assert_snapshot!(name, help, &path);
    }
}
