//! The pack reader on bytes in memory: zip structures, zip64 fields, entry names, declared
//! sizes. Never a panic, an abort or an allocation of what a header merely claims.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut cursor = std::io::Cursor::new(data);
    let options = gtdx_pack::ReadOptions::default();
    if let Ok(pack) = gtdx_pack::read_pack_from(
        &mut cursor,
        data.len() as u64,
        std::path::Path::new("fuzz.gtxpack"),
        &options,
    ) {
        // Integrity is checked on whatever was read (digests, manifest, describe.json).
        let _ = gtdx_pack::integrity::verify_integrity(&pack);
    }
});
