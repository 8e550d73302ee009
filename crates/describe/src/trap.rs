//! The lib.rs trap: tool definitions built by hand in Rust.
//!
//! For a `greentic.ai/v2` extension the runtime takes tools only from describe.json and never
//! calls the component's `list-tools`. A `ToolDefinition { .. }` value, a hand-written
//! `list_tools`/`invoke_tool` or an `impl ... tools::Guest` therefore compiles and ships, and the
//! tools it names are invisible. This module finds those places and names the tools in them
//! that describe.json does not contain.

// `scan` (a whole package, found with `cargo metadata`) is the CLI's; the build script uses
// only the per-crate scan.
#![cfg_attr(not(feature = "cli"), allow(unused_imports))]
use std::path::Path;

use gtdx_contract::{API_VERSION_V1, Diagnostic};
use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::crate_src::{self, LoadedCrate};
use crate::error::{Error, display_path};
use crate::package::Package;

/// Struct names that build a tool definition by hand.
const DEFINITION_TYPES: &[&str] = &["ToolDefinition", "ToolMeta", "ToolDescriptor"];
/// Functions that hand-write the WIT `tools` interface.
const TOOL_FNS: &[&str] = &["list_tools", "invoke_tool"];

/// Scans the package at `manifest_path` (for `gtdx lint --manifest-path`): the tools
/// describe.json does not contain are those missing from the `describe.json` next to
/// `Cargo.toml` (or, without one, from the crate's `#[tool]` functions). A describe.json that
/// declares `greentic.ai/v1` uses list-tools legitimately and yields no findings.
#[cfg(feature = "cli")]
pub fn scan(manifest_path: &Path) -> Result<Vec<Diagnostic>, Error> {
    let pkg = Package::from_manifest(manifest_path)?;
    let krate = crate_src::load(&pkg.lib_path)?;
    let known: Vec<String> = match gtdx_contract::json::load(&pkg.describe_path()) {
        Ok(doc) => {
            let v = &doc.value;
            if v.get("apiVersion").and_then(|a| a.as_str()) == Some(API_VERSION_V1) {
                return Ok(Vec::new());
            }
            match gtdx_contract::json::manifest_of(doc) {
                Ok(m) => m
                    .describe
                    .contributions
                    .tools()
                    .iter()
                    .map(|t| t.name.clone())
                    .collect(),
                Err(_) => names_from_annotations(&krate),
            }
        }
        Err(_) => names_from_annotations(&krate),
    };
    Ok(scan_crate(&krate, &known))
}

#[cfg(feature = "cli")]
fn names_from_annotations(krate: &LoadedCrate) -> Vec<String> {
    let idx = crate_src::Index::build(krate);
    idx.tools
        .iter()
        .filter_map(|t| {
            gtdx_annotations::tool_fn_from_item(t.item)
                .and_then(Result::ok)
                .map(|f| f.name)
        })
        .collect()
}

/// Whether a file's text mentions anything the trap looks for (a cheap filter before the scan).
pub fn worth_scanning(text: &str) -> bool {
    DEFINITION_TYPES
        .iter()
        .chain(TOOL_FNS)
        .chain(&["tool_definition", "Guest"])
        .any(|w| text.contains(w))
}

/// Scans loaded sources; `known` are the tool names describe.json contains.
pub fn scan_crate(krate: &LoadedCrate, known: &[String]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for f in &krate.files {
        let Some(tokens) = &f.tokens else { continue };
        let mut finder = Finder::default();
        finder.scan(tokens.clone());
        for site in finder.sites {
            out.push(diagnostic(&f.path, &site, known));
        }
    }
    out
}

#[derive(Debug)]
struct Site {
    line: usize,
    column: usize,
    what: String,
    names: Vec<String>,
}

/// Walks the tokens of a file (function bodies included): works inside macros too, and needs
/// no full parse of every body.
#[derive(Default)]
struct Finder {
    sites: Vec<Site>,
    /// Index into `sites` of the enclosing hand-written `list_tools`/`invoke_tool`/`impl Guest`.
    open: Option<usize>,
}

impl Finder {
    fn open_site(&mut self, span: Span, what: String) -> Option<usize> {
        let prev = self.open;
        if prev.is_none() {
            let s = span.start();
            self.sites.push(Site {
                line: s.line,
                column: s.column + 1,
                what,
                names: Vec::new(),
            });
            self.open = Some(self.sites.len() - 1);
        }
        prev
    }

    fn add_name(&mut self, name: String) {
        if let Some(i) = self.open
            && !self.sites[i].names.contains(&name)
        {
            self.sites[i].names.push(name);
        }
    }

    /// Scans a group's contents with the current site (if any) open.
    fn scan(&mut self, ts: TokenStream) {
        let tts: Vec<TokenTree> = ts.into_iter().collect();
        let mut i = 0;
        while i < tts.len() {
            match &tts[i] {
                // `#[cfg(test)] mod x { ... }`: test code is not shipped.
                TokenTree::Punct(p) if p.as_char() == '#' => {
                    if let Some(TokenTree::Group(g)) = tts.get(i + 1)
                        && g.delimiter() == Delimiter::Bracket
                        && is_cfg_test(&g.stream())
                        && let Some(body) = next_mod_body(&tts, i + 2)
                    {
                        i = body + 1;
                        continue;
                    }
                }
                TokenTree::Ident(id) if id == "impl" => {
                    if let Some(body) = next_brace(&tts, i + 1) {
                        let header: Vec<String> =
                            tts[i + 1..body].iter().map(|t| t.to_string()).collect();
                        let guest = header.iter().any(|t| t == "tools")
                            && header.iter().any(|t| t == "Guest");
                        if guest {
                            let prev = self
                                .open_site(id.span(), "a hand-written `impl tools::Guest`".into());
                            self.scan_group(&tts[body]);
                            self.open = prev;
                            i = body + 1;
                            continue;
                        }
                    }
                }
                TokenTree::Ident(id) if id == "fn" => {
                    if let Some(TokenTree::Ident(name)) = tts.get(i + 1)
                        && TOOL_FNS.iter().any(|f| name == f)
                        && let Some(body) = next_brace(&tts, i + 2)
                    {
                        let prev = self.open_site(name.span(), format!("a hand-written `{name}`"));
                        self.scan_group(&tts[body]);
                        self.open = prev;
                        i = body + 1;
                        continue;
                    }
                }
                TokenTree::Ident(id) if DEFINITION_TYPES.iter().any(|d| id == d) => {
                    let defines = i > 0
                        && matches!(&tts[i - 1], TokenTree::Ident(k) if k == "struct" || k == "enum" || k == "union" || k == "impl" || k == "for");
                    match tts.get(i + 1) {
                        // `ToolDefinition { name: "x".into(), .. }`
                        Some(TokenTree::Group(g))
                            if g.delimiter() == Delimiter::Brace && !defines =>
                        {
                            let prev = self.open_site(id.span(), format!("a `{id}` built by hand"));
                            if let Some(n) = field_string(&g.stream(), "name") {
                                self.add_name(n);
                            }
                            self.scan_group(&tts[i + 1]);
                            self.open = prev;
                            i += 2;
                            continue;
                        }
                        // `ToolDefinition::new("x", ..)`
                        Some(TokenTree::Punct(p)) if p.as_char() == ':' && !defines => {
                            if let Some(TokenTree::Group(g)) = tts.get(i + 4)
                                && g.delimiter() == Delimiter::Parenthesis
                            {
                                let prev =
                                    self.open_site(id.span(), format!("a `{id}` built by hand"));
                                if let Some(n) = first_string(&g.stream()) {
                                    self.add_name(n);
                                }
                                self.open = prev;
                            }
                        }
                        _ => {}
                    }
                }
                TokenTree::Ident(id) if id == "tool_definition" => {
                    if let Some(TokenTree::Group(g)) = tts.get(i + 1)
                        && g.delimiter() == Delimiter::Parenthesis
                    {
                        let prev = self.open_site(
                            id.span(),
                            "a tool definition built by hand (`tool_definition`)".into(),
                        );
                        if let Some(n) = first_string(&g.stream()) {
                            self.add_name(n);
                        }
                        self.open = prev;
                    }
                }
                // `"search" | "lookup" => ...` inside a hand-written invoke_tool.
                TokenTree::Literal(l) if self.open.is_some() => {
                    let arm = matches!(tts.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '|'
                        || (p.as_char() == '=' && matches!(tts.get(i + 2), Some(TokenTree::Punct(q)) if q.as_char() == '>')));
                    if arm && let Some(v) = lit_string(l) {
                        self.add_name(v);
                    }
                }
                TokenTree::Group(_) => {
                    self.scan_group(&tts[i]);
                }
                _ => {}
            }
            i += 1;
        }
    }

    fn scan_group(&mut self, tt: &TokenTree) {
        if let TokenTree::Group(g) = tt {
            self.scan(g.stream());
        }
    }
}

/// Index of the first brace group at or after `from`, before a `;`.
fn next_brace(tts: &[TokenTree], from: usize) -> Option<usize> {
    for (j, t) in tts.iter().enumerate().skip(from) {
        match t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => return Some(j),
            TokenTree::Punct(p) if p.as_char() == ';' => return None,
            _ => {}
        }
    }
    None
}

/// After an attribute: the body of `[pub] mod name { ... }`, if that is what follows.
fn next_mod_body(tts: &[TokenTree], from: usize) -> Option<usize> {
    let mut j = from;
    // Further attributes and a visibility may come first.
    while let Some(t) = tts.get(j) {
        match t {
            TokenTree::Punct(p) if p.as_char() == '#' => j += 2,
            TokenTree::Ident(i) if i == "pub" => {
                j += 1;
                if matches!(tts.get(j), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
                {
                    j += 1;
                }
            }
            TokenTree::Ident(i) if i == "mod" => {
                return match tts.get(j + 2) {
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => Some(j + 2),
                    _ => None,
                };
            }
            _ => return None,
        }
    }
    None
}

fn is_cfg_test(ts: &TokenStream) -> bool {
    let tts: Vec<TokenTree> = ts.clone().into_iter().collect();
    matches!(tts.as_slice(), [TokenTree::Ident(c), TokenTree::Group(g)] if c == "cfg" && g.stream().to_string() == "test")
}

fn lit_string(l: &proc_macro2::Literal) -> Option<String> {
    match syn::Lit::new(l.clone()) {
        syn::Lit::Str(s) => Some(s.value()),
        _ => None,
    }
}

/// The first string literal in a token stream (at any depth).
fn first_string(ts: &TokenStream) -> Option<String> {
    for t in ts.clone() {
        match t {
            TokenTree::Literal(l) => {
                if let Some(s) = lit_string(&l) {
                    return Some(s);
                }
            }
            TokenTree::Group(g) => {
                if let Some(s) = first_string(&g.stream()) {
                    return Some(s);
                }
            }
            TokenTree::Punct(p) if p.as_char() == ',' => return None,
            _ => {}
        }
    }
    None
}

/// The string literal given to field `field` in struct-literal tokens (`name: "x".into()`).
fn field_string(ts: &TokenStream, field: &str) -> Option<String> {
    let tts: Vec<TokenTree> = ts.clone().into_iter().collect();
    for (j, t) in tts.iter().enumerate() {
        if let TokenTree::Ident(i) = t
            && i == field
            && matches!(tts.get(j + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
            && !matches!(tts.get(j + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':')
        {
            let rest: TokenStream = tts[j + 2..].iter().cloned().collect();
            return first_string(&rest);
        }
    }
    None
}

fn diagnostic(file: &Path, site: &Site, known: &[String]) -> Diagnostic {
    let missing: Vec<&String> = site.names.iter().filter(|n| !known.contains(n)).collect();
    let list = |v: &[&String]| {
        v.iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let names = if !missing.is_empty() {
        format!(
            "names tools describe.json does not contain ({}), which a greentic.ai/v2 runtime will never offer",
            list(&missing)
        )
    } else if site.names.is_empty() {
        "defines tools outside describe.json, where a greentic.ai/v2 runtime never looks"
            .to_string()
    } else {
        "repeats tools describe.json already declares, and can drift from it".to_string()
    };
    let message = format!(
        "{} {names}: for greentic.ai/v2 the runtime reads tools only from describe.json and never calls list-tools",
        site.what
    );
    Diagnostic::new(gtdx_contract::codes::W_HANDWRITTEN_TOOLS, display_path(file).display().to_string(), message)
        .at(site.line, site.column)
        .help(
            "annotate each tool function with #[tool(...)], call gtdx_sdk::export_extension!() once (it generates \
             list-tools and invoke-tool), delete the hand-written code, and run `gtdx describe`",
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_src(src: &str, known: &[&str]) -> Vec<Diagnostic> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("lib.rs");
        std::fs::write(&p, src).unwrap();
        let k = crate_src::load(&p).unwrap();
        scan_crate(&k, &known.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn finds_hand_written_guest_and_names() {
        let d = scan_src(
            r#"
struct C;
impl exports::greentic::extension_design::tools::Guest for C {
    fn list_tools() -> Vec<ToolDefinition> {
        vec![ToolDefinition { name: "search".to_string(), description: String::new() },
             ToolDefinition { name: String::from("greet"), description: String::new() }]
    }
    fn invoke_tool(name: String, args: String) -> Result<String, E> {
        match name.as_str() { "search" | "lookup" => todo!(), _ => todo!() }
    }
}
"#,
            &["greet"],
        );
        assert_eq!(d.len(), 1, "{d:#?}");
        assert_eq!(d[0].line, Some(3));
        assert!(
            d[0].message.contains("`search`, `lookup`"),
            "{}",
            d[0].message
        );
        assert!(!d[0].message.contains("`greet`"));
    }

    #[test]
    fn finds_a_loose_definition() {
        let d = scan_src(
            "fn defs() { let t = ToolDefinition { name: \"x\".into() }; }",
            &[],
        );
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("`x`"));
        assert!(scan_src("fn f() { let t = Other { name: \"x\".into() }; }", &[]).is_empty());
    }
}
