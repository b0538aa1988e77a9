#!/usr/bin/env python3
"""A mock of the parts of GitHub that Scripts/review-action talks to, on loopback, for
Tests/XibMergeCLITests/ActionTests.swift: the REST API's comment endpoints and /user, and
release downloads. It answers as GitHub does where the action's behaviour depends on it:
a read-only token's writes get 403, a bot may not edit someone else's comment, comments come
100 a page, a body must be strict JSON (no raw control character) of at most 65,536 characters.

    mock-github.py STATE.json PORT-FILE LOG.jsonl

STATE.json: {"tokens": {"TOKEN": {"login": "ada" or null (an installation token: GET /user is
403, its comments are github-actions[bot]'s), "write": true or false}},
"comments": [{"id": 1, "user": {"login": "..."}, "body": "..."}], "files": {"/URL/PATH": "FILE"}}.
Writes its port to PORT-FILE once listening; appends each request to LOG.jsonl (method, path,
status, body). Exits after five idle minutes, so that a test that dies leaves nothing running.
"""
import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

state_path, port_path, log_path = sys.argv[1:4]
with open(state_path, encoding="utf-8") as f:
    state = json.load(f)
comments = state.get("comments", [])
lock = threading.RLock()
last_request = [time.time()]
BOT = "github-actions[bot]"


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, value=None, raw=None, headers=()):
        data = raw if raw is not None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream" if raw is not None else "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)
        with lock:
            with open(log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps({"method": self.command, "path": self.path, "status": status,
                                      "body": self.request_body}) + "\n")

    def token(self):
        auth = self.headers.get("Authorization", "")
        return state.get("tokens", {}).get(auth[len("Bearer "):]) if auth.startswith("Bearer ") else None

    def handle_any(self):
        last_request[0] = time.time()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        self.request_body = raw.decode("utf-8", "replace") if raw else None
        url = urllib.parse.urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        if self.command == "GET" and url.path in state.get("files", {}):
            with open(state["files"][url.path], "rb") as f:
                return self.answer(200, raw=f.read())
        if "/releases/download/" in url.path:
            return self.answer(404, {"message": "Not Found"})
        token = self.token()
        if token is None:
            return self.answer(401, {"message": "Bad credentials"})
        login = token.get("login") or BOT
        if url.path == "/user":
            if token.get("login") is None:
                return self.answer(403, {"message": "Resource not accessible by integration"})
            return self.answer(200, {"login": login, "type": "User"})
        # /repos/OWNER/REPO/issues/N/comments and /repos/OWNER/REPO/issues/comments/ID
        if len(parts) == 6 and parts[0] == "repos" and parts[3] == "issues" and parts[5] == "comments":
            if self.command == "GET":
                query = urllib.parse.parse_qs(url.query)
                per_page = min(int(query.get("per_page", ["30"])[0]), 100)
                page = int(query.get("page", ["1"])[0])
                with lock:
                    chunk = comments[(page - 1) * per_page:page * per_page]
                more = len(comments) > page * per_page
                link = [("Link", '<%s?per_page=%d&page=%d>; rel="next"' % (url.path, per_page, page + 1))] if more else []
                return self.answer(200, chunk, headers=link)
            if self.command == "POST":
                return self.write(token, None, login)
        if len(parts) == 6 and parts[0] == "repos" and parts[3] == "issues" and parts[4] == "comments" and self.command == "PATCH":
            return self.write(token, int(parts[5]), login)
        return self.answer(404, {"message": "Not Found"})

    def write(self, token, comment_id, login):
        if not token.get("write"):
            return self.answer(403, {"message": "Resource not accessible by integration"})
        try:
            body = json.loads(self.request_body or "")["body"]  # strict: raw control characters refused
            assert isinstance(body, str)
        except Exception as e:
            return self.answer(400, {"message": "Problems parsing JSON: %s" % e})
        if len(body) > 65536:
            return self.answer(422, {"message": "Validation Failed", "errors": [
                {"resource": "IssueComment", "code": "custom", "field": "body",
                 "message": "body is too long (maximum is 65536 characters)"}]})
        with lock:
            if comment_id is None:
                comment = {"id": max([c["id"] for c in comments] + [0]) + 1, "user": {"login": login}, "body": body}
                comments.append(comment)
                return self.answer(201, comment)
            comment = next((c for c in comments if c["id"] == comment_id), None)
        if comment is None:
            return self.answer(404, {"message": "Not Found"})
        if comment["user"]["login"] != login:
            return self.answer(403, {"message": "Resource not accessible by integration"})
        comment["body"] = body
        return self.answer(200, comment)

    do_GET = do_POST = do_PATCH = handle_any


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_path + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(port_path + ".tmp", port_path)
threading.Thread(target=server.serve_forever, daemon=True).start()
while time.time() - last_request[0] < 300:
    time.sleep(1)
server.shutdown()
