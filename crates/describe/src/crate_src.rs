//! Reading a crate's sources without compiling them: the module tree and an index of its items.
//!
//! [`load`] starts at the library root and follows `mod` declarations the way rustc does: inline
//! modules, `mod x;` as `x.rs` or `x/mod.rs` (nested under `a/` when declared in a non-`mod.rs`
//! file `a.rs`), and `#[path = "..."]`. Modules behind `#[cfg(test)]` are skipped, as are
//! `#[cfg(...)]` modules whose file does not exist. [`Index::build`] then records, per module, the
//! types it defines, the names it imports, its child modules, and every function carrying a tool
//! attribute.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use syn::ext::IdentExt;
use syn::{Attribute, Item};

use crate::error::SourceError;

/// A crate-relative module path; the crate root is the empty path.
pub type ModPath = Vec<String>;

/// One parsed source file.
pub struct SourceFile {
    /// Absolute path.
    pub path: PathBuf,
    /// The items, with every function body replaced by `{}`.
    pub ast: syn::File,
    /// The whole file as tokens, bodies included, when it mentions a name the trap looks for.
    pub tokens: Option<proc_macro2::TokenStream>,
    /// The module whose body this file is.
    pub module: ModPath,
}

/// Every source file of a crate, in declaration order (the root first).
pub struct LoadedCrate {
    pub files: Vec<SourceFile>,
}

impl std::fmt::Debug for LoadedCrate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.files.iter().map(|file| &file.path))
            .finish()
    }
}

struct Pending {
    path: PathBuf,
    module: ModPath,
    /// Whether nested `mod x;` resolve next to the file (`mod.rs`, the root, `#[path]` files)
    /// or in a directory named after it.
    mod_rs: bool,
}

/// Parses the root file and every module file it reaches.
pub fn load(root_file: &Path) -> Result<LoadedCrate, SourceError> {
    let mut files = Vec::new();
    let mut queue = vec![Pending {
        path: root_file.to_path_buf(),
        module: Vec::new(),
        mod_rs: true,
    }];
    while let Some(p) = queue.pop() {
        let text = gtdx_fsx::read_text(&p.path, gtdx_fsx::limits::RUST_SOURCE).map_err(|e| {
            SourceError::file(
                &p.path,
                format!("cannot read this source file: {}", e.source),
            )
        })?;
        let syntax_error = |e: syn::Error| {
            SourceError::new(
                &p.path,
                e.span(),
                format!("this file does not parse as Rust: {e}"),
            )
            .help("fix the syntax error (`cargo check` shows the same problem)")
        };
        let tokens = lex(&text).map_err(syntax_error)?;
        check_nesting(&tokens, &p.path)?;
        // Function bodies are never needed for describing (and skipping them speeds the parse
        // up); the tokens are kept, bodies included, only for files the trap must scan.
        let (ast_tokens, tokens) = if crate::trap::worth_scanning(&text) {
            (tokens.clone(), Some(tokens))
        } else {
            (tokens, None)
        };
        let ast: syn::File = syn::parse2(strip_fn_bodies(ast_tokens)).map_err(syntax_error)?;
        let file_dir = p.path.parent().map(Path::to_path_buf).unwrap_or_default();
        // Where `mod x;` declared at the top level of this file looks for `x.rs`.
        let child_dir = if p.mod_rs {
            file_dir.clone()
        } else {
            let stem = p
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            file_dir.join(stem)
        };
        let mut found = Vec::new();
        collect_mod_files(
            &p.path, &ast.items, &p.module, &child_dir, &file_dir, &mut found,
        )?;
        files.push(SourceFile {
            path: p.path,
            ast,
            tokens,
            module: p.module,
        });
        // Reverse so that the queue (a stack) visits modules in declaration order.
        queue.extend(found.into_iter().rev());
    }
    Ok(LoadedCrate { files })
}

fn collect_mod_files(
    file: &Path,
    items: &[Item],
    module: &ModPath,
    child_dir: &Path,
    path_base: &Path,
    out: &mut Vec<Pending>,
) -> Result<(), SourceError> {
    for item in items {
        let Item::Mod(m) = item else { continue };
        if is_cfg_test(&m.attrs) {
            continue;
        }
        let name = m.ident.unraw().to_string();
        let mut sub = module.clone();
        sub.push(name.clone());
        let path_attr = path_attr(&m.attrs);
        match &m.content {
            Some((_, inner)) => {
                let dir = match &path_attr {
                    Some(p) => path_base.join(p),
                    None => child_dir.join(&name),
                };
                collect_mod_files(file, inner, &sub, &dir, &dir, out)?;
            }
            None => {
                let candidates = match &path_attr {
                    Some(p) => vec![path_base.join(p)],
                    None => vec![
                        child_dir.join(format!("{name}.rs")),
                        child_dir.join(&name).join("mod.rs"),
                    ],
                };
                match candidates.iter().find(|c| c.is_file()) {
                    Some(found) => {
                        let mod_rs =
                            path_attr.is_some() || found.file_name().is_some_and(|f| f == "mod.rs");
                        out.push(Pending {
                            path: found.clone(),
                            module: sub,
                            mod_rs,
                        });
                    }
                    None if has_cfg(&m.attrs) => {}
                    None => {
                        let looked: Vec<String> = candidates
                            .iter()
                            .map(|c| crate::error::display_path(c).display().to_string())
                            .collect();
                        return Err(SourceError::new(
                            file,
                            m.ident.span(),
                            format!(
                                "file not found for module `{name}` (looked for {})",
                                looked.join(" and ")
                            ),
                        )
                        .help("create the file, or fix the `mod` declaration or its `#[path]`"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Lexes a source file as rustc would see it: without a byte-order mark or a `#!` line.
/// How deep the describe scan lets Rust source nest before parsing it: open brackets plus, in
/// each, the run of tokens syn parses by recursion (generic `<`, prefix `& * ! -`, `=`, `|`,
/// `->`, `else if`, and keywords such as `dyn`, `impl`, `mut`, `const`). Real code stays
/// below 40; 2,500 nested parentheses or a 3,000-deep generic type would overflow the parser's
/// stack. This depth fits in a main thread's 8 MiB (a build script's) many times over; `gtdx`
/// itself runs its commands on a thread with a 64 MiB stack.
pub const MAX_NESTING: usize = 256;

/// Refuses source nested deeper than [`MAX_NESTING`] (see there), naming the file, the line
/// and the limit. Iterative, so that the check itself cannot overflow.
fn check_nesting(tokens: &proc_macro2::TokenStream, path: &Path) -> Result<(), SourceError> {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    struct Frame {
        iter: proc_macro2::token_stream::IntoIter,
        /// Recursion-prone tokens since the last `;`, `,` or block.
        run: usize,
        /// `else if` links since the last `;` (blocks do not end a chain).
        chain: usize,
        prev_else: bool,
        prev_joint: Option<char>,
    }
    let frame = |ts: proc_macro2::TokenStream| Frame {
        iter: ts.into_iter(),
        run: 0,
        chain: 0,
        prev_else: false,
        prev_joint: None,
    };
    let mut stack = vec![frame(tokens.clone())];
    // The nesting of the enclosing frames: their count plus their runs.
    let mut outer = 0usize;
    while let Some(top) = stack.last_mut() {
        let Some(tt) = top.iter.next() else {
            stack.pop();
            if let Some(parent) = stack.last() {
                outer -= 1 + parent.run + parent.chain;
            }
            continue;
        };
        let mut span = None;
        let mut prev_else = false;
        let mut joint = None;
        match &tt {
            TokenTree::Group(g) => {
                if g.delimiter() == Delimiter::Brace {
                    top.run = 0; // a block ends any generic or operator context
                }
                outer += 1 + top.run + top.chain;
                let inner = frame(g.stream());
                top.prev_else = false;
                top.prev_joint = None;
                if outer + 1 > MAX_NESTING {
                    return Err(too_deep(path, g.span()));
                }
                stack.push(inner);
                continue;
            }
            TokenTree::Punct(p) => {
                let c = p.as_char();
                let after = top.prev_joint;
                match c {
                    ';' => {
                        top.run = 0;
                        top.chain = 0;
                    }
                    ',' => top.run = 0,
                    '>' if matches!(after, Some('-') | Some('=')) => {}
                    '>' => top.run = top.run.saturating_sub(1),
                    '<' | '&' | '*' | '!' | '-' | '=' | '|' => {
                        top.run += 1;
                        span = Some(p.span());
                    }
                    _ => {}
                }
                if p.spacing() == Spacing::Joint {
                    joint = Some(c);
                }
            }
            TokenTree::Ident(i) => {
                let s = i.to_string();
                match s.as_str() {
                    "else" => prev_else = true,
                    "if" if top.prev_else => {
                        top.chain += 1;
                        span = Some(i.span());
                    }
                    "dyn" | "impl" | "mut" | "const" | "move" | "return" | "break" | "box"
                    | "ref" => {
                        top.run += 1;
                        span = Some(i.span());
                    }
                    _ => {}
                }
            }
            TokenTree::Literal(_) => {}
        }
        top.prev_else = prev_else;
        top.prev_joint = joint;
        if let Some(span) = span
            && outer + 1 + top.run + top.chain > MAX_NESTING
        {
            return Err(too_deep(path, span));
        }
    }
    Ok(())
}

fn too_deep(path: &Path, span: proc_macro2::Span) -> SourceError {
    SourceError::new(
        path,
        span,
        format!(
            "the code nests deeper than {MAX_NESTING} levels here (brackets, generic arguments, \
             or chained operators), more than the describe scan follows"
        ),
    )
    .help(
        "split the expression or type (a type alias, a helper function, a `match` for a long \
         `else if` chain); real code stays far below this limit",
    )
}

fn lex(text: &str) -> Result<proc_macro2::TokenStream, syn::Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let shebang =
        text.starts_with("#!") && !text.trim_start_matches("#!").trim_start().starts_with('[');
    let owned;
    let text = if shebang {
        // Keep the line break so that line numbers stay right.
        let end = text.find('\n').unwrap_or(text.len());
        owned = format!("{}{}", " ".repeat(end), &text[end..]);
        owned.as_str()
    } else {
        text
    };
    text.parse::<proc_macro2::TokenStream>()
        .map_err(|e| syn::Error::new(e.span(), e.to_string()))
}

/// Replaces the body of every `fn` item with `{}` (keeping its span), at every level of brace
/// nesting. A body is the first brace group after `fn` at the same level before a `;`. The
/// short body of a function without parameters (a `#[serde(default = "path")]` function such
/// as `fn limit() -> u32 { 10 }`) is kept, for describe to read the default.
pub fn strip_fn_bodies(ts: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    /// Token trees in a body short enough to be a literal default (`String::from("x")` is 5).
    const SHORT_BODY: usize = 8;
    let mut out: Vec<TokenTree> = Vec::new();
    let mut after_fn = false;
    // Whether the function's parameter list (the first parenthesis group after `fn`) is empty.
    let mut no_params: Option<bool> = None;
    for tt in ts {
        match tt {
            TokenTree::Ident(ref i) if i == "fn" => {
                after_fn = true;
                no_params = None;
                out.push(tt);
            }
            TokenTree::Punct(ref p) if p.as_char() == ';' => {
                after_fn = false;
                out.push(tt);
            }
            TokenTree::Group(ref g)
                if after_fn && no_params.is_none() && g.delimiter() == Delimiter::Parenthesis =>
            {
                no_params = Some(g.stream().is_empty());
                out.push(tt);
            }
            TokenTree::Group(g)
                if after_fn
                    && no_params == Some(true)
                    && g.delimiter() == Delimiter::Brace
                    && g.stream().into_iter().take(SHORT_BODY + 1).count() <= SHORT_BODY =>
            {
                after_fn = false;
                out.push(TokenTree::Group(g));
            }
            TokenTree::Group(g) if after_fn && g.delimiter() == Delimiter::Brace => {
                after_fn = false;
                let mut empty = Group::new(Delimiter::Brace, proc_macro2::TokenStream::new());
                empty.set_span(g.span());
                out.push(TokenTree::Group(empty));
            }
            // Items with bodies nest only in braces (modules, impls, traits, blocks); brackets
            // and parentheses (attributes, types, arguments) are kept as they are, which saves
            // rebuilding every attribute of the file.
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let mut inner = Group::new(g.delimiter(), strip_fn_bodies(g.stream()));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// `#[path = "..."]`.
pub fn path_attr(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        }
    })
}

fn has_cfg(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg"))
}

/// `#[cfg(test)]`, exactly.
pub fn is_cfg_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

/// A type definition the schema generator can inline.
#[derive(Clone, Copy)]
pub enum TypeItem<'a> {
    Struct(&'a syn::ItemStruct),
    Enum(&'a syn::ItemEnum),
    Alias(&'a syn::ItemType),
}

impl<'a> TypeItem<'a> {
    pub fn ident(&self) -> &'a syn::Ident {
        match self {
            TypeItem::Struct(s) => &s.ident,
            TypeItem::Enum(e) => &e.ident,
            TypeItem::Alias(t) => &t.ident,
        }
    }

    pub fn generics(&self) -> &'a syn::Generics {
        match self {
            TypeItem::Struct(s) => &s.generics,
            TypeItem::Enum(e) => &e.generics,
            TypeItem::Alias(t) => &t.generics,
        }
    }

    pub fn attrs(&self) -> &'a [Attribute] {
        match self {
            TypeItem::Struct(s) => &s.attrs,
            TypeItem::Enum(e) => &e.attrs,
            TypeItem::Alias(t) => &t.attrs,
        }
    }

    /// Identity for recursion detection.
    pub fn addr(&self) -> usize {
        match self {
            TypeItem::Struct(s) => *s as *const _ as usize,
            TypeItem::Enum(e) => *e as *const _ as usize,
            TypeItem::Alias(t) => *t as *const _ as usize,
        }
    }
}

/// What one module defines and imports.
pub struct Module<'a> {
    pub path: ModPath,
    /// Index into [`LoadedCrate::files`] of the file holding this module's items.
    pub file: usize,
    pub parent: Option<usize>,
    /// `struct`, `enum` and `type` items by name.
    pub types: HashMap<String, TypeItem<'a>>,
    /// `const` items by name (for array lengths and serde defaults).
    pub consts: HashMap<String, &'a syn::ItemConst>,
    /// Functions by name (for `#[serde(default = "path")]`).
    pub fns: HashMap<String, &'a syn::ItemFn>,
    /// `use` imports: local name → path as written.
    pub uses: HashMap<String, Vec<String>>,
    /// `use path::*` prefixes, as written.
    pub globs: Vec<Vec<String>>,
    /// Child modules by name → module id.
    pub children: HashMap<String, usize>,
    /// The visibility the `mod` item was declared with (`None` for the crate root).
    pub vis: Option<&'a syn::Visibility>,
}

/// A function carrying a tool attribute.
pub struct ToolFn<'a> {
    pub module: usize,
    pub item: &'a syn::ItemFn,
    pub attr: &'a Attribute,
}

/// The crate's modules, types and tools, borrowed from the parsed files.
pub struct Index<'a> {
    pub files: &'a [SourceFile],
    pub modules: Vec<Module<'a>>,
    pub by_path: HashMap<ModPath, usize>,
    pub tools: Vec<ToolFn<'a>>,
}

impl<'a> Index<'a> {
    pub fn build(krate: &'a LoadedCrate) -> Self {
        let mut idx = Index {
            files: &krate.files,
            modules: Vec::new(),
            by_path: HashMap::new(),
            tools: Vec::new(),
        };
        // Create every file-backed module first so that `mod x;` can link to it.
        for (fi, f) in krate.files.iter().enumerate() {
            let id = idx.ensure_module(&f.module, fi);
            idx.modules[id].file = fi;
        }
        for (fi, f) in krate.files.iter().enumerate() {
            let id = idx.by_path[&f.module];
            idx.index_items(fi, id, &f.ast.items);
        }
        idx
    }

    fn ensure_module(&mut self, path: &ModPath, file: usize) -> usize {
        if let Some(&id) = self.by_path.get(path) {
            return id;
        }
        let parent = if path.is_empty() {
            None
        } else {
            let pp = path[..path.len() - 1].to_vec();
            Some(self.ensure_module(&pp, file))
        };
        let id = self.modules.len();
        self.modules.push(Module {
            path: path.clone(),
            file,
            parent,
            types: HashMap::new(),
            consts: HashMap::new(),
            fns: HashMap::new(),
            uses: HashMap::new(),
            globs: Vec::new(),
            children: HashMap::new(),
            vis: None,
        });
        self.by_path.insert(path.clone(), id);
        if let (Some(p), Some(last)) = (parent, path.last()) {
            self.modules[p].children.insert(last.clone(), id);
        }
        id
    }

    fn index_items(&mut self, file: usize, module: usize, items: &'a [Item]) {
        for item in items {
            match item {
                Item::Struct(s) => {
                    self.modules[module]
                        .types
                        .insert(s.ident.unraw().to_string(), TypeItem::Struct(s));
                }
                Item::Enum(e) => {
                    self.modules[module]
                        .types
                        .insert(e.ident.unraw().to_string(), TypeItem::Enum(e));
                }
                Item::Type(t) => {
                    self.modules[module]
                        .types
                        .insert(t.ident.unraw().to_string(), TypeItem::Alias(t));
                }
                Item::Const(c) => {
                    self.modules[module]
                        .consts
                        .insert(c.ident.unraw().to_string(), c);
                }
                Item::Use(u) => {
                    let mut prefix = Vec::new();
                    let m = &mut self.modules[module];
                    flatten_use(&u.tree, &mut prefix, &mut m.uses, &mut m.globs);
                }
                Item::Fn(f) => {
                    if let Some(attr) = f.attrs.iter().find(|a| gtdx_annotations::is_tool_attr(a)) {
                        self.tools.push(ToolFn {
                            module,
                            item: f,
                            attr,
                        });
                    } else if f.sig.inputs.is_empty() {
                        self.modules[module]
                            .fns
                            .insert(f.sig.ident.unraw().to_string(), f);
                    }
                }
                Item::Mod(m) => {
                    if is_cfg_test(&m.attrs) {
                        continue;
                    }
                    let mut sub = self.modules[module].path.clone();
                    sub.push(m.ident.unraw().to_string());
                    match &m.content {
                        Some((_, inner)) => {
                            let id = self.ensure_module(&sub, file);
                            self.modules[id].file = file;
                            self.modules[id].vis = Some(&m.vis);
                            self.index_items(file, id, inner);
                        }
                        None => {
                            // File-backed: created in `build` if the file was found.
                            if let Some(&id) = self.by_path.get(&sub) {
                                self.modules[id].vis = Some(&m.vis);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The file holding a module's items.
    pub fn file_of(&self, module: usize) -> &'a Path {
        &self.files[self.modules[module].file].path
    }
}

fn flatten_use(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    uses: &mut HashMap<String, Vec<String>>,
    globs: &mut Vec<Vec<String>>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.unraw().to_string());
            flatten_use(&p.tree, prefix, uses, globs);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.unraw().to_string();
            if name == "self" {
                if let Some(last) = prefix.last() {
                    uses.insert(last.clone(), prefix.clone());
                }
            } else {
                let mut full = prefix.clone();
                full.push(name.clone());
                uses.insert(name, full);
            }
        }
        syn::UseTree::Rename(r) => {
            let name = r.ident.unraw().to_string();
            let alias = r.rename.unraw().to_string();
            if alias == "_" {
                return;
            }
            let full = if name == "self" {
                prefix.clone()
            } else {
                let mut f = prefix.clone();
                f.push(name);
                f
            };
            uses.insert(alias, full);
        }
        syn::UseTree::Glob(_) => globs.push(prefix.clone()),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten_use(t, prefix, uses, globs);
            }
        }
    }
}

#[cfg(test)]
mod nesting_tests {
    use super::*;

    fn load_text(text: &str) -> Result<LoadedCrate, SourceError> {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("lib.rs");
        std::fs::write(&root, text).unwrap();
        // A build script's main thread has 8 MiB: the limit must fit in it.
        std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || load(&root).map(|k| k.files.len()))
            .unwrap()
            .join()
            .unwrap()
            .map(|_| LoadedCrate { files: Vec::new() })
    }

    #[test]
    fn too_deep_sources_are_refused_with_the_file_and_the_limit() {
        let parens = format!(
            "pub const X: i32 = {}1{};",
            "(".repeat(2500),
            ")".repeat(2500)
        );
        let generic = format!("pub type T = {}(){};", "A<".repeat(3000), ">".repeat(3000));
        let unary = format!("pub const X: bool = {}true;", "!".repeat(3000));
        let refs = format!("pub type R = {}u8;", "&".repeat(3000));
        let chain = format!(
            "const fn f(x: u8) -> u8 {{ x }}\npub const X: u8 = {{ {} 0 }};",
            "if true { 0 } else ".repeat(2000)
        );
        for text in [parens, generic, unary, refs, chain] {
            let err = load_text(&text).expect_err("refused");
            assert!(err.message.contains("deeper than 256"), "{}", err.message);
            assert!(err.file.ends_with("lib.rs"));
            assert!(err.line >= 1);
        }
    }

    #[test]
    fn sources_just_under_the_limit_parse_on_an_8_mib_stack() {
        let n = MAX_NESTING - 8;
        let cases = [
            format!("pub const X: i32 = {}1{};", "(".repeat(n), ")".repeat(n)),
            format!(
                "pub struct A<T>(T);\npub type T = {}(){};",
                "A<".repeat(n),
                ">".repeat(n)
            ),
            format!("pub const X: bool = {}true;", "!".repeat(n)),
            format!("pub type R = {}u8;", "&".repeat(n)),
            format!(
                "pub const X: [[u8; 1]; 1] = {}0{};",
                "[".repeat(n),
                "]".repeat(n)
            ),
            format!(
                "pub fn f() -> {} u8 {{ todo!() }}",
                "impl Fn() -> ".repeat(n / 2)
            ),
        ];
        for text in cases {
            if let Err(e) = load_text(&text) {
                // A syntax or type error is fine; only the nesting limit may not fire.
                assert!(!e.message.contains("deeper than"), "{}", e.message);
            }
        }
    }
}
