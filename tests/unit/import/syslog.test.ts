import assert from "node:assert/strict";
import { syslogParser } from "../../../mock-backend/import/syslog.ts";

const context = { year: 2024, now: Date.UTC(2024, 5, 1), defaultSource: "syslog.log" };

function parsed(line: string) {
  const result = syslogParser.parse(line, context);
  assert.ok(result.ok, `rejected: ${!result.ok && result.reason}`);
  return result.message;
}

Deno.test("an RFC 3164 line with PRI gives facility, level, host, application and process id", () => {
  const message = parsed("<34>Oct 11 22:14:15 mymachine su[230]: 'su root' failed for lonvick on /dev/pts/8");
  assert.equal(message.timestamp, Date.UTC(2024, 9, 11, 22, 14, 15));
  assert.equal(message.source, "mymachine");
  assert.equal(message.facility, "security/authorization");
  assert.equal(message.level, 2);
  assert.deepEqual(message.fields, { application_name: "su", process_id: 230 });
  assert.equal(message.message, "'su root' failed for lonvick on /dev/pts/8");
});

Deno.test("a BSD line without PRI takes the year from the context and has no level", () => {
  const message = parsed(
    "Jun 14 15:16:01 combo sshd(pam_unix)[19939]: authentication failure; logname= uid=0 euid=0 tty=NODEVssh ruser= rhost=218.188.2.4 ",
  );
  assert.equal(message.timestamp, Date.UTC(2024, 5, 14, 15, 16, 1));
  assert.equal(message.source, "combo");
  assert.equal(message.fields?.application_name, "sshd(pam_unix)");
  assert.equal(message.fields?.process_id, 19939);
  assert.equal(message.level, undefined);
  assert.match(message.message, /^authentication failure; logname=/);
});

Deno.test("a space-padded day and a tag without process id parse", () => {
  const message = parsed("Dec  1 04:02:01 web-01 kernel: eth0: link up");
  assert.equal(message.timestamp, Date.UTC(2024, 11, 1, 4, 2, 1));
  assert.deepEqual(message.fields, { application_name: "kernel" });
  assert.equal(message.message, "eth0: link up");
});

Deno.test("a line without a tag keeps the whole text as the message", () => {
  const message = parsed("Mar  3 10:00:00 host1 -- MARK --");
  assert.equal(message.message, "-- MARK --");
  assert.deepEqual(message.fields, {});
});

Deno.test("an ISO timestamp in place of the BSD one is read with its offset", () => {
  const message = parsed("2024-06-07T12:00:00.250+02:00 db-1 postgres[77]: checkpoint complete");
  assert.equal(message.timestamp, Date.UTC(2024, 5, 7, 10, 0, 0, 250));
  assert.equal(message.source, "db-1");
  assert.equal(message.fields?.application_name, "postgres");
});

Deno.test("an RFC 5424 line gives its header fields and structured data parameters as fields", () => {
  const message = parsed(
    '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" eventSource="Application" eventID="1011"] An application event log entry',
  );
  assert.equal(message.timestamp, Date.UTC(2003, 9, 11, 22, 14, 15, 3));
  assert.equal(message.source, "mymachine.example.com");
  assert.equal(message.facility, "local4");
  assert.equal(message.level, 5);
  assert.deepEqual(message.fields, {
    application_name: "evntslog",
    msgid: "ID47",
    iut: "3",
    eventSource: "Application",
    eventID: "1011",
  });
  assert.equal(message.message, "An application event log entry");
});

Deno.test("an RFC 5424 line without structured data and with a process id", () => {
  const message = parsed("<13>1 2024-01-02T03:04:05+00:00 host app 4242 - - hello world");
  assert.equal(message.fields?.process_id, 4242);
  assert.equal(message.message, "hello world");
});

Deno.test("syslog rejects lines without a timestamp, with impossible dates or a PRI out of range", () => {
  for (
    const [line, reason] of [
      ["", "empty line"],
      ["just some text", "no syslog timestamp"],
      ["Foo 14 15:16:01 combo app: x", "invalid timestamp"],
      ["Feb 30 15:16:01 combo app: x", "invalid timestamp"],
      ["Jun 14 25:16:01 combo app: x", "invalid timestamp"],
      ["<999>Jun 14 15:16:01 combo app: x", "invalid PRI"],
    ]
  ) {
    assert.deepEqual(syslogParser.parse(line, context), { ok: false, reason }, line);
  }
});
