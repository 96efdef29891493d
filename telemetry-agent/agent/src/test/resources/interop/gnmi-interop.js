// Drives a Planewatch agent from an independent gRPC stack (@grpc/grpc-js + @grpc/proto-loader),
// loading the project's own gnmi.proto. Prints one JSON line per check; exits non-zero on failure.
// usage: node gnmi-interop.js <port> <ca.pem> <proto-root> <user> <password> <target>
//        node gnmi-interop.js list-paths <port> <proto-root> <link>   (plaintext, a simulated agent)
'use strict';
const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const listing = process.argv[2] === 'list-paths';
const [port, caFile, protoRoot, user, password, target] = listing
  ? [process.argv[3], null, process.argv[4], null, null, '*'] : process.argv.slice(2);
const definition = protoLoader.loadSync(path.join(protoRoot, 'gnmi/gnmi.proto'), {
  includeDirs: [protoRoot], keepCase: true, longs: String, enums: String, defaults: true, oneofs: true,
});
const gnmi = grpc.loadPackageDefinition(definition).gnmi;
const tls = listing ? grpc.credentials.createInsecure() : grpc.credentials.createSsl(fs.readFileSync(caFile));

function client(pass) {
  if (listing) return new gnmi.gNMI(`127.0.0.1:${port}`, tls);
  const call = grpc.credentials.createFromMetadataGenerator((_, cb) => {
    const md = new grpc.Metadata();
    md.add('username', user);
    md.add('password', pass);
    cb(null, md);
  });
  return new gnmi.gNMI(`localhost:${port}`, grpc.credentials.combineChannelCredentials(tls, call));
}

const ok = client(password);
const prefix = { target };
const counter = { elem: [{ name: 'interfaces' }, { name: 'interface', key: { name: 'eth0' } },
  { name: 'state' }, { name: 'counters' }, { name: 'in-octets' }] };
const report = (check, details) => console.log(JSON.stringify({ check, ...details }));
const unary = (c, method, req) => new Promise((resolve, reject) =>
  c[method](req, { deadline: Date.now() + 10000 }, (err, res) => (err ? reject(err) : resolve(res))));

function subscribe(mode, subscription, onMessage, onSynced) {
  return new Promise((resolve, reject) => {
    const stream = ok.Subscribe();
    const timer = setTimeout(() => { stream.cancel(); reject(new Error(`${mode}: timed out`)); }, 10000);
    const finish = (value) => { clearTimeout(timer); stream.cancel(); resolve(value); };
    stream.on('data', (msg) => {
      onMessage(msg, stream, finish);
      if (onSynced && msg.response === 'sync_response') onSynced();
    });
    stream.on('error', (e) => { if (e.code !== grpc.status.CANCELLED) { clearTimeout(timer); reject(e); } });
    stream.on('end', () => finish('ended'));
    stream.write({ subscribe: { prefix, mode, encoding: 'PROTO', subscription: [subscription] } });
  });
}

function uintOf(msg) {
  return msg.update.update.map((u) => u.val.uint_val);
}

async function main() {
  const caps = await unary(ok, 'Capabilities', {});
  report('capabilities', { version: caps.gNMI_version, encodings: caps.supported_encodings,
    models: caps.supported_models.map((m) => m.name) });

  const got = await unary(ok, 'Get', { prefix, path: [counter], encoding: 'PROTO' });
  report('get', { target: got.notification[0].prefix.target, value: got.notification[0].update[0].val.uint_val });

  const once = [];
  const onceEnd = await subscribe('ONCE', { path: counter }, (msg) => {
    if (msg.response === 'update') once.push(...uintOf(msg));
    if (msg.response === 'sync_response') once.push('sync');
  });
  report('once', { messages: once, end: onceEnd });

  let polls = 0;
  const pollSeen = [];
  await subscribe('POLL', { path: counter }, (msg, stream, finish) => {
    if (msg.response === 'update') pollSeen.push(...uintOf(msg));
    if (msg.response === 'sync_response') {
      pollSeen.push('sync');
      if (polls++ < 2) stream.write({ poll: {} }); else finish();
    }
  });
  report('poll', { messages: pollSeen });

  let samples = 0;
  let synced = false;
  await subscribe('STREAM', { path: counter, mode: 'SAMPLE', sample_interval: String(50e6) }, (msg, stream, finish) => {
    if (msg.response === 'sync_response') synced = true;
    if (msg.response === 'update' && synced && ++samples === 3) finish();
  });
  report('stream-sample', { samplesAfterSync: samples });

  try {
    await unary(client('wrong-password'), 'Capabilities', {});
    report('wrong-password', { code: 'OK' });
  } catch (e) {
    report('wrong-password', { code: grpc.status[e.code], message: e.details });
  }
}

// Lists every leaf path (origin, element names, no keys) a simulated agent serves: a link taken down
// so the event ring fills, Get and Subscribe ONCE of each origin's root, and the per-EV leaves, which
// only a subscription naming them gets.
async function listPaths(link) {
  const served = new Set();
  const note = (n) => {
    for (const u of n.update || []) {
      const elems = [...(n.prefix.elem || []), ...u.path.elem].map((e) => e.name);
      const origin = u.path.origin || n.prefix.origin;
      served.add(`${origin ? `${origin}:` : ''}/${elems.join('/')}`);
    }
  };
  const elems = (...names) => names.map((name) => ({ name }));
  const roots = ['', 'mrc', 'sim'].map((origin) => ({ origin, elem: [] }));
  await subscribe('STREAM', { path: { origin: 'mrc', elem: elems('events') }, mode: 'ON_CHANGE' }, (msg, _, finish) => {
    if (msg.response === 'update') {
      note(msg.update);
      if (msg.update.update.some((u) => u.path.elem.at(-1).name === 'reason')) finish();
    }
  }, () => unary(ok, 'Set', { prefix, update: [{
    path: { origin: 'sim', elem: [{ name: 'links' }, { name: 'link', key: { name: link } }, ...elems('config', 'state')] },
    val: { string_val: 'DOWN' } }] }).catch((e) => { console.error(`set failed: ${e}`); process.exit(1); }));
  const got = await unary(ok, 'Get', { prefix, path: roots, encoding: 'PROTO' });
  got.notification.forEach(note);
  for (const path of roots) {
    await subscribe('ONCE', { path }, (msg) => { if (msg.response === 'update') note(msg.update); });
  }
  await subscribe('STREAM', { path: { origin: 'mrc', elem: elems('qps', 'qp', 'evs') }, mode: 'SAMPLE',
    sample_interval: String(100e6) }, (msg, _, finish) => {
    if (msg.response === 'update') {
      note(msg.update);
      if (msg.update.update.some((u) => u.path.elem.some((e) => e.name === 'ev'))) finish();
    }
  });
  report('served-paths', { paths: [...served].sort() });
}

(listing ? listPaths(process.argv[5]) : main()).then(() => process.exit(0), (e) => { console.error(`interop failure: ${e.stack || e}`); process.exit(1); });
