//! The accept loop: every TCP connection is counted against its client's share and the
//! server's total before anything is read from it (one over is answered `503` and closed),
//! a client has [`crate::Config::header_timeout`] to send a request's headers and
//! [`crate::Config::request_timeout`] for a whole request, WebSocket upgrades keep their
//! connection's count until the socket closes, and a stop ends every connection
//! gracefully.

use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;
use tracing::Instrument;

use crate::app::App;
use crate::client_addr::{ClientAddr, client_trusting};
use crate::limits::{ConnectionSlot, client_key};
use crate::protocol::ErrorCode;

/// What a connection over the server's total or its client's share is told.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n\
Content-Length: 41\r\nConnection: close\r\nRetry-After: 5\r\n\r\n\
too many connections: try again shortly\r\n";

/// Accepts connections until `stop` turns true.
pub(crate) async fn accept_loop(
    listener: TcpListener,
    router: Router,
    app: Arc<App>,
    mut stop: watch::Receiver<bool>,
) -> io::Result<()> {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut stop) => return Ok(()),
        };
        let (tcp, peer) = match accepted {
            Ok(pair) => pair,
            Err(_) => {
                // Out of file descriptors or a connection reset before it was accepted:
                // wait a little rather than spin (as axum::serve does).
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let slot = if app.trusts(peer.ip()) {
            app.sockets.try_open_for_proxy(peer.ip())
        } else {
            app.sockets.try_open(peer.ip())
        };
        let Some(slot) = slot else {
            let full = app.sockets.total() >= app.config.max_connections;
            let reason = if full { "total" } else { "client" };
            app.metrics.connection_refused(reason);
            if let Some(held_back) = app.door_log.admit() {
                tracing::warn!(
                    client = %client_key(peer.ip()),
                    reason,
                    held_back,
                    "connection refused at the door"
                );
            }
            tokio::spawn(refuse(tcp));
            continue;
        };
        // TCP_NODELAY: a move is one small frame, sent at once rather than held back by
        // Nagle's algorithm until the last one is acknowledged (which cost a lone game
        // about 40 ms a move in the load test, docs/server.md "Load").
        let _ = tcp.set_nodelay(true);
        tokio::spawn(serve_connection(
            Counted { tcp, _slot: slot },
            peer,
            router.clone(),
            Arc::clone(&app),
            stop.clone(),
        ));
    }
}

/// Completes once `stop` turns true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// Tells a connection over the limits so, without reading it, and closes it.
async fn refuse(mut tcp: TcpStream) {
    let _ = tokio::time::timeout(Duration::from_secs(1), tcp.write_all(BUSY)).await;
}

/// The id of the next request (from 1 at start): the `request` span's field in the log.
static NEXT_REQUEST: AtomicU64 = AtomicU64::new(1);

/// Serves HTTP/1.1 on one connection (and its WebSocket, once upgraded) until it ends or
/// the server stops.
async fn serve_connection(
    tcp: Counted,
    peer: SocketAddr,
    router: Router,
    app: Arc<App>,
    mut stop: watch::Receiver<bool>,
) {
    let request_timeout = app.config.request_timeout;
    let header_timeout = app.config.header_timeout;
    let service = service_fn(move |mut request: Request<Incoming>| {
        let client = client_trusting(peer, request.headers(), |ip| app.trusts(ip));
        let (method, path) = (request.method().clone(), request.uri().path().to_string());
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(ClientAddr(client));
        let router = router.clone();
        let app = Arc::clone(&app);
        // Every line logged while this request is served (and by its WebSocket, once
        // upgraded: `ws::upgrade` carries the span on) names it.
        let span = tracing::info_span!(
            "request",
            request = NEXT_REQUEST.fetch_add(1, Ordering::Relaxed)
        );
        async move {
            let response =
                match tokio::time::timeout(request_timeout, router.oneshot(request)).await {
                    Ok(Ok(response)) => response,
                    Ok(Err(never)) => match never {},
                    Err(_) => too_slow(),
                };
            if let Some(&code) = response.extensions().get::<ErrorCode>() {
                app.metrics.refused(code);
            }
            tracing::debug!(
                client = %client,
                method = %method,
                path = %path,
                status = response.status().as_u16(),
                "request"
            );
            Ok::<_, std::convert::Infallible>(response)
        }
        .instrument(span)
    });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(tcp), service)
        .with_upgrades();
    let mut connection = pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        () = stopped(&mut stop) => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}

/// The answer to a request that took longer than the request timeout.
fn too_slow() -> Response<Body> {
    let mut response = Response::new(Body::from("the request took too long\n"));
    *response.status_mut() = StatusCode::REQUEST_TIMEOUT;
    response
}

/// A TCP connection holding its place in the server's count until it is dropped: after an
/// upgrade the WebSocket owns it, so a socket counts as long as it is open.
struct Counted {
    tcp: TcpStream,
    _slot: ConnectionSlot,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}
