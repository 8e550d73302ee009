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

#[test]
fn help_of_every_command() {
    let mut out = Vec::new();
    all_commands(&gtdx_cli::command(), "gtdx", &mut out);
    for (path, help) in out {
        let name = path.replace(' ', "-");
        insta::assert_snapshot!(name, help, &path);
    }
}
