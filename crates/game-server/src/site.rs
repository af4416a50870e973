//! The static site: the built playground (web/dist, made by `web/build.sh`), read into
//! memory once at start and served like a site should be.
//!
//! - **Only what the build lists.** The folder's `manifest.json` names every file served;
//!   nothing else in the folder (and no folder without a manifest, such as the page's
//!   sources in web/) is served. Each file's SHA-256 is checked against the manifest at
//!   load, so a file changed after the build stops the start instead of being served.
//! - **Cached for a year, or revalidated.** A file the manifest marks immutable carries
//!   its content hash in its name (checked at load) and is sent with
//!   `Cache-Control: public, max-age=31536000, immutable`; the others (`index.html`,
//!   `server.json`) with `no-cache`, so a new build is seen at the next load. Every file
//!   has a strong `ETag` and a matching `If-None-Match` is answered `304`.
//! - **Compressed ahead of time.** The build writes a brotli and a gzip copy beside each
//!   text file and the wasm; the server sends the one the request accepts (brotli first),
//!   with `Vary: Accept-Encoding`, and never compresses anything itself.
//!
//! A new build needs a restart to be served (deploys restart the server anyway).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::http::safe_relative_path;

/// The manifest's name in a site folder.
pub const MANIFEST: &str = "manifest.json";

/// The `Cache-Control` of a file whose name holds its content hash.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The `Cache-Control` of a page a URL names (`index.html`): kept, but asked about again.
const REVALIDATE: &str = "no-cache";
/// The hex digits of the content hash in an immutable file's name (web/dist.mjs).
const HASH_DIGITS: usize = 10;

/// Why a site folder cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The folder has no `manifest.json`: it is not a built site.
    #[error(
        "{}: not a built site (no {MANIFEST}): build the playground with `bash web/build.sh` and serve web/dist",
        folder.display()
    )]
    NoManifest {
        /// The folder.
        folder: PathBuf,
    },
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The manifest is not what web/dist.mjs writes.
    #[error("{}: {reason}", manifest.display())]
    BadManifest {
        /// The manifest file.
        manifest: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A file's bytes are not the ones the manifest lists.
    #[error("{file}: its SHA-256 is not the manifest's (the file changed after the build)")]
    Changed {
        /// The file, as the manifest names it.
        file: String,
    },
}

/// The manifest web/dist.mjs writes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    #[allow(dead_code)]
    note: Option<String>,
    format: u32,
    files: BTreeMap<String, ManifestFile>,
}

/// One file of the manifest.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    sha256: String,
    size: u64,
    immutable: bool,
    encodings: Vec<Encoding>,
}

/// A precompressed copy's encoding, as `Content-Encoding` names it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Encoding {
    Br,
    Gzip,
}

impl Encoding {
    /// Its `Content-Encoding` token.
    fn token(self) -> &'static str {
        match self {
            Encoding::Br => "br",
            Encoding::Gzip => "gzip",
        }
    }

    /// The suffix of its copy's file name.
    fn suffix(self) -> &'static str {
        match self {
            Encoding::Br => "br",
            Encoding::Gzip => "gz",
        }
    }
}

/// One served file: its bytes as they are and in each precompressed encoding.
struct Asset {
    content_type: &'static str,
    immutable: bool,
    /// The first 20 hex digits of its SHA-256: the `ETag`'s body.
    tag: String,
    identity: Bytes,
    encoded: Vec<(Encoding, Bytes)>,
}

/// The built site, in memory: see the module's documentation.
pub struct Site {
    /// By request path (`/index.html`, `/assets/…`).
    files: HashMap<String, Asset>,
}

impl fmt::Debug for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Site")
            .field("files", &self.files.len())
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Site {
    /// Reads the site in `folder` (web/dist): its manifest and every file it lists, with
    /// their precompressed copies.
    ///
    /// # Errors
    /// [`SiteError::NoManifest`] for a folder with no manifest (the page's sources, say),
    /// [`SiteError::Read`] for a listed file that cannot be read,
    /// [`SiteError::BadManifest`] for a manifest of another shape, a path that is not a
    /// plain relative one, an immutable file whose name lacks its hash, a size that differs
    /// or no `index.html`, and [`SiteError::Changed`] for a file whose SHA-256 differs.
    pub fn load(folder: &Path) -> Result<Site, SiteError> {
        let manifest_path = folder.join(MANIFEST);
        let text = match std::fs::read_to_string(&manifest_path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(SiteError::NoManifest {
                    folder: folder.to_path_buf(),
                });
            }
            Err(source) => {
                return Err(SiteError::Read {
                    path: manifest_path,
                    source,
                });
            }
        };
        let bad = |reason: String| SiteError::BadManifest {
            manifest: manifest_path.clone(),
            reason,
        };
        let manifest: Manifest =
            serde_json::from_str(&text).map_err(|e| bad(format!("not a site manifest: {e}")))?;
        if manifest.format != 1 {
            return Err(bad(format!(
                "format {} (this server reads format 1)",
                manifest.format
            )));
        }
        let read = |path: PathBuf| match std::fs::read(&path) {
            Ok(bytes) => Ok(Bytes::from(bytes)),
            Err(source) => Err(SiteError::Read { path, source }),
        };
        let mut files = HashMap::new();
        for (name, entry) in manifest.files {
            let request_path = format!("/{name}");
            let Some(relative) = safe_relative_path(&request_path) else {
                return Err(bad(format!("{name:?} is not a plain relative path")));
            };
            let identity = read(folder.join(relative))?;
            let digest = hex(&Sha256::digest(&identity));
            if identity.len() as u64 != entry.size {
                return Err(bad(format!(
                    "{name} is {} bytes, the manifest says {}",
                    identity.len(),
                    entry.size
                )));
            }
            if !digest.eq_ignore_ascii_case(&entry.sha256) {
                return Err(SiteError::Changed { file: name });
            }
            if entry.immutable && !name_holds_hash(&name, &digest) {
                return Err(bad(format!(
                    "{name} is marked immutable but its name does not hold its hash"
                )));
            }
            let mut encoded = Vec::new();
            for encoding in entry.encodings {
                let copy = folder.join(format!("{}.{}", relative.display(), encoding.suffix()));
                encoded.push((encoding, read(copy)?));
            }
            files.insert(
                request_path,
                Asset {
                    content_type: content_type(&name),
                    immutable: entry.immutable,
                    tag: digest[..20].to_string(),
                    identity,
                    encoded,
                },
            );
        }
        if !files.contains_key("/index.html") {
            return Err(bad("it lists no index.html".to_string()));
        }
        Ok(Site { files })
    }

    /// How many files are served.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is served (never, for a loaded site: it has an `index.html`).
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The bytes held in memory, the compressed copies included.
    pub fn bytes(&self) -> usize {
        self.files
            .values()
            .map(|a| a.identity.len() + a.encoded.iter().map(|(_, b)| b.len()).sum::<usize>())
            .sum()
    }

    /// The answer to a `GET` or `HEAD` of `path` with the request's `headers`, or `None`
    /// when the site has no such file. `/` is `/index.html`.
    pub(crate) fn respond(&self, path: &str, headers: &HeaderMap) -> Option<Response> {
        let path = if path == "/" { "/index.html" } else { path };
        let asset = self.files.get(path)?;
        let accepted = accept_encoding(headers);
        let chosen = accepted
            .iter()
            .find_map(|want| asset.encoded.iter().find(|(e, _)| e == want));
        let etag = match chosen {
            Some((encoding, _)) => format!("\"{}-{}\"", asset.tag, encoding.suffix()),
            None => format!("\"{}\"", asset.tag),
        };
        let mut response = if if_none_match(headers, &etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let body = chosen.map_or(&asset.identity, |(_, bytes)| bytes).clone();
            let mut response = (StatusCode::OK, body).into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(asset.content_type),
            );
            if let Some((encoding, _)) = chosen {
                response.headers_mut().insert(
                    header::CONTENT_ENCODING,
                    HeaderValue::from_static(encoding.token()),
                );
            }
            response
        };
        let out = response.headers_mut();
        if let Ok(value) = HeaderValue::from_str(&etag) {
            out.insert(header::ETAG, value);
        }
        out.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(if asset.immutable {
                IMMUTABLE
            } else {
                REVALIDATE
            }),
        );
        if !asset.encoded.is_empty() {
            out.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        out.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        Some(response)
    }
}

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `name` is `stem.HASH.ext` with HASH the first digits of `digest`.
fn name_holds_hash(name: &str, digest: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    let mut parts = file.rsplitn(3, '.');
    let (_ext, hash, stem) = (parts.next(), parts.next(), parts.next());
    stem.is_some_and(|s| !s.is_empty())
        && hash.is_some_and(|h| h.len() == HASH_DIGITS && digest.starts_with(h))
}

/// The encodings a request accepts among brotli and gzip, best first: by `q` value, brotli
/// before gzip at equal `q`; `*` stands for those not named; `q=0` refuses.
fn accept_encoding(headers: &HeaderMap) -> Vec<Encoding> {
    let mut named: Vec<(String, f32)> = Vec::new();
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for part in value.split(',') {
            let mut pieces = part.split(';');
            let name = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            if name.is_empty() {
                continue;
            }
            let mut q = 1.0_f32;
            for param in pieces {
                let param = param.trim();
                if let Some(v) = param
                    .strip_prefix("q=")
                    .or_else(|| param.strip_prefix("Q="))
                {
                    q = v.trim().parse().unwrap_or(0.0);
                }
            }
            named.push((name, q));
        }
    }
    let q_of = |token: &str| {
        named
            .iter()
            .find(|(n, _)| n == token)
            .or_else(|| named.iter().find(|(n, _)| n == "*"))
            .map_or(0.0, |(_, q)| *q)
    };
    let mut accepted: Vec<(Encoding, f32)> = [Encoding::Br, Encoding::Gzip]
        .into_iter()
        .map(|e| (e, q_of(e.token())))
        .filter(|(_, q)| *q > 0.0)
        .collect();
    // A stable sort keeps brotli first among equals.
    accepted.sort_by(|a, b| b.1.total_cmp(&a.1));
    accepted.into_iter().map(|(e, _)| e).collect()
}

/// Whether the request's `If-None-Match` names `etag` (or is `*`).
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}

/// The content type of a served file by its extension.
pub(crate) fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> Vec<Encoding> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        accept_encoding(&headers)
    }

    #[test]
    fn brotli_is_preferred_unless_the_client_weighs_otherwise() {
        use Encoding::{Br, Gzip};
        assert_eq!(accept("gzip, deflate, br, zstd"), [Br, Gzip]);
        assert_eq!(accept("gzip"), [Gzip]);
        assert_eq!(accept("br;q=0.5, gzip;q=0.8"), [Gzip, Br]);
        assert_eq!(accept("br;q=0, gzip"), [Gzip]);
        assert_eq!(accept("*"), [Br, Gzip]);
        assert_eq!(accept("*;q=0.1, gzip"), [Gzip, Br]);
        assert_eq!(accept("identity"), []);
        assert_eq!(accept("GZIP;Q=1"), [Gzip]);
        assert_eq!(accept("br;q=bogus"), []);
        assert_eq!(accept_encoding(&HeaderMap::new()), []);
    }

    #[test]
    fn an_immutable_name_must_hold_the_start_of_its_hash() {
        let digest = "0123456789abcdef";
        assert!(name_holds_hash("assets/js/main.0123456789.js", digest));
        assert!(!name_holds_hash("assets/js/main.0123456780.js", digest));
        assert!(!name_holds_hash("assets/js/main.012345678.js", digest));
        assert!(!name_holds_hash("assets/main.js", digest));
        assert!(!name_holds_hash(".0123456789.js", digest));
    }

    #[test]
    fn etags_match_strongly_weakly_and_by_star() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"x\", W/\"abc\""),
        );
        assert!(if_none_match(&headers, "\"abc\""));
        assert!(if_none_match(&headers, "\"x\""));
        assert!(!if_none_match(&headers, "\"abd\""));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(if_none_match(&headers, "\"anything\""));
        assert!(!if_none_match(&HeaderMap::new(), "\"abc\""));
    }
}
