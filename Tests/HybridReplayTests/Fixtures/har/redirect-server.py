import http.server, sys, threading
class Shop(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        cookies = self.headers.get("Cookie", "")
        if self.path == "/account" and "shop_session=" not in cookies:
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:8402/authorize?client_id=shop-web&state=fake-state-91c2")
            self.send_header("Set-Cookie", "shop_state=fake-state-91c2; Path=/; HttpOnly; SameSite=Lax")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.startswith("/callback"):
            self.send_response(302)
            self.send_header("Location", "/account")
            self.send_header("Set-Cookie", "shop_session=fake-shop-session-d4; Path=/; HttpOnly; SameSite=Lax")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            body = b"<!DOCTYPE html>\n<html><head><title>Your account</title></head><body><h1>Hello, Avery</h1></body></html>\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
class Login(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        self.send_response(302)
        self.send_header("Location", "http://localhost:8401/callback?code=fake-code-7a1&state=fake-state-91c2")
        self.send_header("Set-Cookie", "login_session=fake-login-session-5e; Path=/; HttpOnly")
        self.send_header("Content-Length", "0")
        self.end_headers()
a = http.server.ThreadingHTTPServer(("127.0.0.1", 8401), Shop)
b = http.server.ThreadingHTTPServer(("127.0.0.1", 8402), Login)
threading.Thread(target=a.serve_forever, daemon=True).start()
b.serve_forever()
