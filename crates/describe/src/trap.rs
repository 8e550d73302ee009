//! The lib.rs trap: tool definitions built by hand in Rust.
//!
//! For a `greentic.ai/v2` extension the runtime takes tools only from describe.json and never
//! calls the component's `list-tools`. A `ToolDefinition { .. }` value, a hand-written
//! `list_tools`/`invoke_tool` or an `impl ... tools::Guest` therefore compiles and ships, and the
//! tools it names are invisible. This module finds those places and names the tools in them
//! that describe.json does not contain.

use std::path::Path;

use gtdx_contract::{API_VERSION_V1, Describe, Diagnostic, Severity};
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::crate_src::{self, LoadedCrate};
use crate::error::{Error, display_path};
use crate::package::Package;

/// The diagnostic code of a hand-written tool definition.
pub const CODE: &str = "W_HANDWRITTEN_TOOLS";

/// Struct names that build a tool definition by hand.
const DEFINITION_TYPES: &[&str] = &["ToolDefinition", "ToolMeta", "ToolDescriptor"];
/// Functions that hand-write the WIT `tools` interface.
const TOOL_FNS: &[&str] = &["list_tools", "invoke_tool"];

/// Scans the package at `manifest_path` (for `gtdx lint --manifest-path`): the tools
/// describe.json does not contain are those missing from the `describe.json` next to
/// `Cargo.toml` (or, without one, from the crate's `#[tool]` functions). A describe.json that
/// declares `greentic.ai/v1` uses list-tools legitimately and yields no findings.
pub fn scan(manifest_path: &Path) -> Result<Vec<Diagnostic>, Error> {
    let pkg = Package::from_manifest(manifest_path)?;
    let krate = crate_src::load(&pkg.lib_path)?;
    let known: Vec<String> = match std::fs::read_to_string(pkg.describe_path()) {
        Ok(text) => {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            if v.get("apiVersion").and_then(|a| a.as_str()) == Some(API_VERSION_V1) {
                return Ok(Vec::new());
            }
            match Describe::from_json_str(&text) {
                Ok(d) => d
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

/// Scans loaded sources; `known` are the tool names describe.json contains.
pub fn scan_crate(krate: &LoadedCrate, known: &[String]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for f in &krate.files {
        let mut v = Finder::default();
        v.visit_file(&f.ast);
        for site in v.sites {
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

#[derive(Default)]
struct Finder {
    sites: Vec<Site>,
    /// Index into `sites` of the enclosing hand-written `list_tools`/`invoke_tool`/`impl Guest`.
    open: Option<usize>,
}

impl Finder {
    fn open_site(&mut self, span: proc_macro2::Span, what: String) -> Option<usize> {
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
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let is_tools_guest = i.trait_.as_ref().is_some_and(|(_, path, _)| {
            let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            segs.last().is_some_and(|l| l == "Guest") && segs.iter().any(|s| s == "tools")
        });
        if is_tools_guest {
            let prev = self.open_site(
                i.impl_token.span(),
                "a hand-written `impl tools::Guest`".into(),
            );
            syn::visit::visit_item_impl(self, i);
            self.open = prev;
        } else {
            syn::visit::visit_item_impl(self, i);
        }
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let name = f.sig.ident.to_string();
        if TOOL_FNS.contains(&name.as_str()) {
            let prev = self.open_site(f.sig.ident.span(), format!("a hand-written `{name}`"));
            syn::visit::visit_item_fn(self, f);
            self.open = prev;
        } else {
            syn::visit::visit_item_fn(self, f);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let name = f.sig.ident.to_string();
        if TOOL_FNS.contains(&name.as_str()) {
            let prev = self.open_site(f.sig.ident.span(), format!("a hand-written `{name}`"));
            syn::visit::visit_impl_item_fn(self, f);
            self.open = prev;
        } else {
            syn::visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !crate_src::is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_expr_struct(&mut self, e: &'ast syn::ExprStruct) {
        let last = e
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if DEFINITION_TYPES.contains(&last.as_str()) {
            let name = e.fields.iter().find_map(|fv| match &fv.member {
                syn::Member::Named(id) if id == "name" => string_of(&fv.expr),
                _ => None,
            });
            let prev = self.open_site(e.path.span(), format!("a `{last}` built by hand"));
            if let Some(n) = name {
                self.add_name(n);
            }
            syn::visit::visit_expr_struct(self, e);
            self.open = prev;
        } else {
            syn::visit::visit_expr_struct(self, e);
        }
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let syn::Expr::Path(p) = &*c.func {
            let segs: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            let hit = segs.last().is_some_and(|l| l == "tool_definition")
                || (segs.len() >= 2 && DEFINITION_TYPES.contains(&segs[segs.len() - 2].as_str()));
            if hit {
                let prev = self.open_site(
                    p.span(),
                    format!("a tool definition built by hand (`{}`)", segs.join("::")),
                );
                if let Some(n) = c.args.first().and_then(string_of) {
                    self.add_name(n);
                }
                syn::visit::visit_expr_call(self, c);
                self.open = prev;
                return;
            }
        }
        syn::visit::visit_expr_call(self, c);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        // `match name { "search" => ... }` inside a hand-written invoke_tool.
        if self.open.is_some() {
            collect_pat_strings(&arm.pat, &mut |s| self.add_name(s));
        }
        syn::visit::visit_arm(self, arm);
    }
}

fn collect_pat_strings(p: &syn::Pat, f: &mut impl FnMut(String)) {
    match p {
        syn::Pat::Lit(l) => {
            if let syn::Lit::Str(s) = &l.lit {
                f(s.value());
            }
        }
        syn::Pat::Or(o) => {
            for c in &o.cases {
                collect_pat_strings(c, f);
            }
        }
        _ => {}
    }
}

/// A string literal, possibly behind `.to_string()`, `.into()`, `.to_owned()` or `String::from`.
fn string_of(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        syn::Expr::MethodCall(m) if m.args.is_empty() => string_of(&m.receiver),
        syn::Expr::Call(c) if c.args.len() == 1 => string_of(&c.args[0]),
        syn::Expr::Reference(r) => string_of(&r.expr),
        syn::Expr::Paren(p) => string_of(&p.expr),
        _ => None,
    }
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
    Diagnostic::new(CODE, Severity::Warning, display_path(file).display().to_string(), message)
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
