//! `gtdx build` and `gtdx pack`: the built component checked against its describe.json, and the
//! pack's paths, before anything is written.

use super::Area::*;
use crate::Severity::*;

super::declare! {
    E_BUILD_COMPONENT_ID {
        severity: Error,
        area: Build,
        summary: "cannot tell which entry of `runtime.components` the built component is",
        explanation: "A build fills in one entry of `runtime.components` (its digest and `gtpack`). With one entry that is the one; with several, it is the entry whose id is the package name (as written, or with `-`/`_` swapped). \
Otherwise gtdx cannot know which to fill. Fix: declare exactly one component, or give the one built from this package the package's name as its id.",
    }
    E_BUILD_RUNTIME_REF {
        severity: Error,
        area: Build,
        summary: "a tool's `runtime_ref` names no component, or is missing among several components",
        explanation: "The runtime dispatches a tool to the component its `runtime_ref` names; with one component the reference may be omitted. A reference to an id that `runtime.components` does not declare, or no reference when there are several components, leaves the tool with nowhere to run, so the build refuses to pack it. \
Fix: set `runtime_ref` to a declared component id.",
    }
    E_BUILD_EXPORT_FORM {
        severity: Error,
        area: Build,
        summary: "a tool's `export` is not `namespace:package/interface.function`",
        explanation: "The build looks each tool's export up in the component's WIT exports, which needs the full form, e.g. `greentic:extension-design/tools.invoke-tool`. Tools built with the gtdx SDK all use that export.",
    }
    E_BUILD_EXPORT_MISSING {
        severity: Error,
        area: Build,
        summary: "a tool's `export` is not exported by the built component",
        explanation: "The runtime calls the function a tool's `export` names; a component that does not export it fails every call of that tool. The message lists what the component does export. \
Fix: name a function the component exports (for the gtdx SDK, `greentic:extension-design/tools.invoke-tool`, provided by `gtdx_sdk::export_extension!()`), or export the function from the component.",
    }
    E_BUILD_WORLD_FORM {
        severity: Error,
        area: Build,
        summary: "`runtime.components.<id>.world` is not `namespace:package/world@version`",
        explanation: "The declared world is compared with what the component exports, which needs its package, name and version, e.g. `greentic:extension-design/tool-extension@0.3.0`.",
    }
    E_BUILD_WORLD_MISMATCH {
        severity: Error,
        area: Build,
        summary: "the component does not export what its declared world exports",
        explanation: "`runtime.components.<id>.world` tells the platform which world the component implements, and the platform links it as that world. A component missing the world's exports (or exporting another version of its package) fails to instantiate there. \
The message lists the missing exports and what the component exports. Fix: declare the world the component was built for, or build it for the declared world.",
    }
    W_BUILD_WORLD_UNKNOWN {
        severity: Warning,
        area: Build,
        summary: "the declared world is not one gtdx knows, so it cannot be compared",
        explanation: "A world of the author's own package (not `greentic:*`) that gtdx was not given the WIT of cannot be compared with the component's exports. \
Keep the world's WIT in the package's `wit/` directory (`gtdx build` reads it) or pass it with `gtdx pack --wit DIR`; otherwise the first check of the world is the platform's, at load time.",
    }
    E_BUILD_PACK_PATH {
        severity: Error,
        area: Build,
        summary: "the component's path inside the pack is unsafe or collides with an asset",
        explanation: "`runtime.components.<id>.gtpack.file` is where the component lands inside the `.gtxpack`, and where the installer extracts it. It must be a relative `/`-separated path without `..`, a drive or a root (so extraction cannot escape the install directory) and must differ from every asset's path. \
Fix: use a path such as `components/extension.wasm`.",
    }
    E_BUILD_ASSET_PATH {
        severity: Error,
        area: Build,
        summary: "an asset path is absolute, escapes the extension directory, or is not `/`-separated",
        explanation: "Assets (view entries, icons, i18n files) are read relative to the directory of describe.json and stored at the same path in the pack; the installer extracts them there. An absolute path, a `..` step or a `\\` separator would read from, or extract to, somewhere else. Use a relative `/`-separated path inside the extension directory.",
    }
    E_BUILD_ASSET_MISSING {
        severity: Error,
        area: Build,
        summary: "a declared asset does not exist on disk",
        explanation: "Every file describe.json names (a view's entry, an icon, a localization file) is packed with the component; one that does not exist would make a pack whose Designer views or texts are broken. Create the file or remove the entry.",
    }
}
