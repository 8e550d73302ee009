//! Prints every file generated from the clap definitions (completions, man pages) as one JSON
//! array of `{"path": …, "text": …}`, for `cargo xtask codegen`: the xtask runs this example
//! rather than linking gtdx-cli, so building the xtask (the first step of `cargo xtask test`)
//! does not compile the whole application with a feature set of its own.

fn main() {
    let files: Vec<serde_json::Value> = gtdx_cli::generated::files()
        .into_iter()
        .map(|(path, bytes)| {
            serde_json::json!({"path": path, "text": String::from_utf8_lossy(&bytes)})
        })
        .collect();
    println!("{}", serde_json::Value::Array(files));
}
