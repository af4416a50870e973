//! The page is served like a site (issue 35, item 3): only the files the build's manifest
//! lists, the precompressed copy the request accepts, hashed names cached for a year and
//! the page revalidated; a folder that is not a build (web/ itself, whose tests, build
//! script and package.json the old server served) is refused at start.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use common::{TempDir, loose, start};
use game_server::{Config, Site, SiteError};
use serde_json::json;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const PAGE: &str = "<!doctype html><title>home</title>";
const SCRIPT: &str = "export const answer = 42;\n";

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A built site as web/dist.mjs lays one out: index.html with brotli and gzip copies, a
/// hashed script with a gzip copy only, and a file the manifest does not list. The copies'
/// bytes are markers, so the test sees which one was sent. Returns the script's path.
fn build_site(folder: &Path) -> String {
    let script_hash = sha256(SCRIPT.as_bytes());
    let script = format!("assets/js/app.{}.js", &script_hash[..10]);
    std::fs::create_dir_all(folder.join("assets/js")).unwrap();
    std::fs::write(folder.join("index.html"), PAGE).unwrap();
    std::fs::write(folder.join("index.html.br"), "BROTLI COPY").unwrap();
    std::fs::write(folder.join("index.html.gz"), "GZIP COPY").unwrap();
    std::fs::write(folder.join(&script), SCRIPT).unwrap();
    std::fs::write(folder.join(format!("{script}.gz")), "GZIP SCRIPT").unwrap();
    std::fs::write(folder.join("package.json"), "{\"private\": true}").unwrap();
    let manifest = json!({
        "format": 1,
        "files": {
            "index.html": {
                "sha256": sha256(PAGE.as_bytes()), "size": PAGE.len(),
                "immutable": false, "encodings": ["br", "gzip"]
            },
            script.clone(): {
                "sha256": script_hash, "size": SCRIPT.len(),
                "immutable": true, "encodings": ["gzip"]
            }
        }
    });
    std::fs::write(folder.join("manifest.json"), manifest.to_string()).unwrap();
    format!("/{script}")
}

/// One answer: status, headers (names lower-cased) and body bytes.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `METHOD path` with `extra` header lines (each ending `\r\n`), read to the close.
async fn get(addr: SocketAddr, method: &str, path: &str, extra: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request =
        format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a whole head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

#[tokio::test]
async fn the_build_is_served_compressed_and_cached_and_nothing_else() {
    let dir = TempDir::new("site");
    let folder = dir.0.join("dist");
    let script = build_site(&folder);
    let site = Site::load(&folder).unwrap();
    assert_eq!(site.len(), 2);
    let config = Config {
        site: Some(Arc::new(site)),
        ..loose()
    };
    let server = start(&dir.db(), config).await;
    let addr = server.addr();

    // The page as it is to a client that accepts no encoding; revalidated at each load.
    let plain = get(addr, "GET", "/", "").await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.body, PAGE.as_bytes());
    assert_eq!(
        plain.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.header("cache-control"), Some("no-cache"));
    assert_eq!(plain.header("vary"), Some("Accept-Encoding"));
    assert_eq!(plain.header("x-content-type-options"), Some("nosniff"));
    // A browser's header: the brotli copy; gzip alone: the gzip copy. Each its own ETag.
    let browser = get(
        addr,
        "GET",
        "/index.html",
        "Accept-Encoding: gzip, deflate, br, zstd\r\n",
    )
    .await;
    assert_eq!(browser.body, b"BROTLI COPY");
    assert_eq!(browser.header("content-encoding"), Some("br"));
    let gzip = get(addr, "GET", "/", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(gzip.body, b"GZIP COPY");
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    let tags = [&plain, &browser, &gzip].map(|a| a.header("etag").unwrap().to_string());
    assert!(
        tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2],
        "{tags:?}"
    );

    // A matching ETag: 304, no body; a stale one: the file again.
    let again = get(addr, "GET", "/", &format!("If-None-Match: {}\r\n", tags[0])).await;
    assert_eq!((again.status, again.body.len()), (304, 0));
    assert_eq!(again.header("etag"), Some(tags[0].as_str()));
    let stale = get(addr, "GET", "/", "If-None-Match: \"0000\"\r\n").await;
    assert_eq!(
        (stale.status, stale.body.as_slice()),
        (200, PAGE.as_bytes())
    );

    // The hashed script is kept a year; it has only a gzip copy, so a brotli-only client
    // gets it as it is.
    let hashed = get(addr, "GET", &script, "Accept-Encoding: br\r\n").await;
    assert_eq!(hashed.status, 200);
    assert_eq!(hashed.body, SCRIPT.as_bytes());
    assert_eq!(
        hashed.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(
        hashed.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let zipped = get(addr, "GET", &script, "Accept-Encoding: br, gzip\r\n").await;
    assert_eq!(zipped.body, b"GZIP SCRIPT");

    // HEAD: the same headers, no body.
    let head = get(addr, "HEAD", "/", "").await;
    assert_eq!(head.status, 200);
    assert_eq!(
        head.header("content-length"),
        Some(PAGE.len().to_string().as_str())
    );
    assert!(head.body.is_empty());

    // What the manifest does not list is not there, though it is in the folder.
    for path in [
        "/package.json",
        "/manifest.json",
        "/index.html.br",
        "/assets/js",
        "/../dist/index.html",
        "/%2e%2e/site",
        "/missing.html",
    ] {
        let answer = get(addr, "GET", path, "").await;
        assert_eq!(answer.status, 404, "{path}");
    }
    server.stop().await;
}

#[test]
fn a_folder_that_is_not_a_build_or_a_build_changed_since_is_refused() {
    let dir = TempDir::new("site-refused");
    // The page's sources (what `--web web` used to serve): no manifest.
    let sources = dir.0.join("web");
    std::fs::create_dir_all(&sources).unwrap();
    std::fs::write(sources.join("index.html"), PAGE).unwrap();
    assert!(matches!(
        Site::load(&sources),
        Err(SiteError::NoManifest { .. })
    ));
    assert!(matches!(
        Site::load(&dir.0.join("absent")),
        Err(SiteError::NoManifest { .. })
    ));

    let folder = dir.0.join("dist");
    let script = build_site(&folder);
    // A byte changed after the build.
    std::fs::write(
        folder.join("index.html"),
        "<!doctype html><title>hom3</title>",
    )
    .unwrap();
    assert!(
        matches!(Site::load(&folder), Err(SiteError::Changed { file }) if file == "index.html")
    );
    std::fs::write(folder.join("index.html"), PAGE).unwrap();
    Site::load(&folder).unwrap();
    // A listed copy missing.
    std::fs::remove_file(folder.join(format!("{}.gz", &script[1..]))).unwrap();
    assert!(matches!(Site::load(&folder), Err(SiteError::Read { .. })));

    // Manifests of the wrong shape: each names what is wrong.
    let bad_manifest = |files: serde_json::Value, wanted: &str| {
        let folder = dir.0.join("bad");
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(folder.join("assets")).unwrap();
        std::fs::write(folder.join("index.html"), PAGE).unwrap();
        std::fs::write(folder.join("assets/app.js"), SCRIPT).unwrap();
        let manifest = json!({"format": 1, "files": files});
        std::fs::write(folder.join("manifest.json"), manifest.to_string()).unwrap();
        match Site::load(&folder) {
            Err(e @ SiteError::BadManifest { .. }) => {
                assert!(e.to_string().contains(wanted), "{e} lacks {wanted:?}")
            }
            other => panic!("{other:?}"),
        }
    };
    let page = json!({"sha256": sha256(PAGE.as_bytes()), "size": PAGE.len(), "immutable": false, "encodings": []});
    let script_entry = |immutable| json!({"sha256": sha256(SCRIPT.as_bytes()), "size": SCRIPT.len(), "immutable": immutable, "encodings": []});
    bad_manifest(
        json!({"index.html": page, "assets/app.js": script_entry(true)}),
        "does not hold its hash",
    );
    bad_manifest(
        json!({"assets/app.js": script_entry(false)}),
        "no index.html",
    );
    bad_manifest(
        json!({"index.html": page, "../index.html": page}),
        "not a plain relative path",
    );
    bad_manifest(
        json!({"index.html": {"sha256": sha256(PAGE.as_bytes()), "size": 1, "immutable": false, "encodings": []}}),
        "the manifest says 1",
    );
    bad_manifest(json!({"index.html": {"size": 1}}), "not a site manifest");
}

#[test]
fn the_binary_will_not_serve_the_source_folder() {
    let dir = TempDir::new("site-binary");
    let sources = dir.0.join("web");
    std::fs::create_dir_all(&sources).unwrap();
    std::fs::write(sources.join("index.html"), PAGE).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_game-server"))
        .arg("--listen")
        .arg("127.0.0.1:0")
        .arg("--database")
        .arg(dir.db())
        .arg("--web")
        .arg(&sources)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("not a built site") && said.contains("web/build.sh"),
        "{said}"
    );
}
