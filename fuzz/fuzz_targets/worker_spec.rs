//! Worker specs in TOML, YAML and JSON: never a panic or a hang; a refusal is a located error.

#![no_main]

use libfuzzer_sys::fuzz_target;

use gtdx_worker::spec::SpecFormat;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (name, format) in [
        ("worker.toml", SpecFormat::Toml),
        ("worker.yaml", SpecFormat::Yaml),
        ("worker.json", SpecFormat::Json),
    ] {
        let _ = gtdx_worker::spec::parse(std::path::Path::new(name), format, text);
    }
});
