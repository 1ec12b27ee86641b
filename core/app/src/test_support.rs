//! What the tests of several features share: a real server started in-process on a
//! loopback port the system picks, and phones with their own Stores.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::online::Online;
use crate::online::connection::Timing;
use crate::store::Store;

/// A server on a temporary database.
pub(crate) struct TestServer {
    pub(crate) server: Option<rodina_server::RunningServer>,
    _dir: tempfile::TempDir,
}

impl TestServer {
    pub(crate) async fn start(tweak: impl FnOnce(&mut rodina_server::Settings)) -> TestServer {
        let dir = tempfile::tempdir().expect("dir");
        let mut settings = rodina_server::Settings {
            db: dir.path().join("server.db"),
            addr: "127.0.0.1:0".parse().expect("addr"),
            ..rodina_server::Settings::default()
        };
        tweak(&mut settings);
        let server = rodina_server::start(settings).await.expect("the server starts");
        TestServer { server: Some(server), _dir: dir }
    }

    pub(crate) fn addr(&self) -> SocketAddr {
        self.server.as_ref().expect("running").addr()
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        // The server's tasks end with the test's runtime.
        drop(self.server.take());
    }
}

/// A phone: its own database and the online service on `addr`.
pub(crate) struct Phone {
    pub(crate) online: Online,
    pub(crate) store: Arc<Mutex<Store>>,
    _dir: tempfile::TempDir,
}

pub(crate) fn phone(addr: SocketAddr, device: &str) -> Phone {
    let dir = tempfile::tempdir().expect("dir");
    let store = Arc::new(Mutex::new(Store::open(dir.path().join("app.db")).expect("store")));
    let timing = Timing { pong_within: Duration::from_secs(3), ..Timing::default() };
    let online = Online::with_timing(&format!("http://{addr}"), Arc::clone(&store), device, timing)
        .expect("online");
    Phone { online, store, _dir: dir }
}
