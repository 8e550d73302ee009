//! wit-bindgen's bindings of the `tool-extension` world (wasm builds only).
//!
//! `export_extension!` implements the generated `Guest` traits in the extension crate and calls
//! the exported `__gtdx_export_world!` macro there, which also emits the component-type custom
//! section describing the world into the extension.

wit_bindgen::generate!({
    path: "wit",
    world: "greentic:extension-design/tool-extension",
    pub_export_macro: true,
    export_macro_name: "__gtdx_export_world",
    default_bindings_module: "::gtdx_sdk::__bindings",
    runtime_path: "::gtdx_sdk::__private::wit_bindgen::rt",
    generate_all,
});
