// Drives a Planewatch agent from an independent gRPC stack (@grpc/grpc-js + @grpc/proto-loader),
// loading the project's own gnmi.proto. Prints one JSON line per check; exits non-zero on failure.
// usage: node gnmi-interop.js <port> <ca.pem> <proto-root> <user> <password> <target>
'use strict';
const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const [port, caFile, protoRoot, user, password, target] = process.argv.slice(2);
const definition = protoLoader.loadSync(path.join(protoRoot, 'gnmi/gnmi.proto'), {
  includeDirs: [protoRoot], keepCase: true, longs: String, enums: String, defaults: true, oneofs: true,
});
const gnmi = grpc.loadPackageDefinition(definition).gnmi;
const tls = grpc.credentials.createSsl(fs.readFileSync(caFile));

function client(pass) {
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

function subscribe(mode, subscription, onMessage) {
  return new Promise((resolve, reject) => {
    const stream = ok.Subscribe();
    const timer = setTimeout(() => { stream.cancel(); reject(new Error(`${mode}: timed out`)); }, 10000);
    const finish = (value) => { clearTimeout(timer); stream.cancel(); resolve(value); };
    stream.on('data', (msg) => onMessage(msg, stream, finish));
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

main().then(() => process.exit(0), (e) => { console.error(`interop failure: ${e.stack || e}`); process.exit(1); });
