//! A TCP proxy a test puts between the server and PostgreSQL, to make the database go
//! silent the way a black-holed network does: connections stay open, nothing arrives, and
//! nothing is refused. [`Proxy::silence`] stops reading and forwarding in both directions
//! (bytes already sent wait in the kernel's buffers, as packets that are retransmitted
//! later); new connections are accepted and left waiting. [`Proxy::resume`] lets
//! everything flow again.

use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

pub struct Proxy {
    pub addr: SocketAddr,
    open: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Proxy {
    /// A proxy on a free local port, forwarding to `upstream`.
    pub async fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let addr = listener.local_addr().expect("proxy address");
        let (open, watching) = watch::channel(true);
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(serve(client, upstream, watching.clone()));
            }
        });
        Proxy { addr, open, task }
    }

    /// Stop forwarding; connections stay open and silent.
    pub fn silence(&self) {
        self.open.send_replace(false);
    }

    /// Forward again, the held bytes first.
    pub fn resume(&self) {
        self.open.send_replace(true);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(client: TcpStream, upstream: SocketAddr, mut open: watch::Receiver<bool>) {
    if open.wait_for(|o| *o).await.is_err() {
        return;
    }
    let Ok(server) = TcpStream::connect(upstream).await else {
        return;
    };
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let up = tokio::spawn(pump(client_read, server_write, open.clone()));
    let down = tokio::spawn(pump(server_read, client_write, open));
    let _ = tokio::join!(up, down);
}

/// Copy `from` to `to` while the proxy is open; while it is silent, neither read nor write.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut open: watch::Receiver<bool>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        if open.wait_for(|o| *o).await.is_err() {
            return;
        }
        let read = tokio::select! {
            read = from.read(&mut buf) => Some(read),
            silenced = open.wait_for(|o| !*o) => {
                drop(silenced);
                None
            }
        };
        let n = match read {
            None => continue,
            Some(Ok(0)) | Some(Err(_)) => {
                let _ = to.shutdown().await;
                return;
            }
            Some(Ok(n)) => n,
        };
        // Bytes read just as the proxy went silent wait for it to open again.
        if open.wait_for(|o| *o).await.is_err() {
            return;
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}
