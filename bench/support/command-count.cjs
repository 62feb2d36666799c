// Loaded into every process of a benchmark with `NODE_OPTIONS="--require <this file>"` and
// COMMAND_COUNT_DIR set: counts each store command the MongoDB driver sends (by command and
// collection, with the documents it carries) and each HTTP request the process serves (by method
// and path), and writes the totals every 250 ms to COMMAND_COUNT_DIR/<name>-<pid>.jsonl. A load's
// cost in store round trips is then a difference of two lines divided by the requests between
// them: a count, which the machine's load does not move as it moves CPU time.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const dir = process.env.COMMAND_COUNT_DIR;
const service = /services\/([^/]+)\/src\/main/.exec(process.argv.slice(1).join(' '))?.[1] ?? 'bench';

/** The driver as the services load it: mongoose's own copy of mongodb. */
function driverConnection() {
  const fromRoot = require('node:module').createRequire(path.join(process.cwd(), 'package.json'));
  const mongoose = fromRoot.resolve('mongoose', { paths: [path.join(process.cwd(), 'services', 'orders')] });
  const mongodb = fromRoot.resolve('mongodb', { paths: [path.dirname(mongoose)] });
  return require(path.join(path.dirname(mongodb), 'cmap', 'connection.js')).Connection;
}

if (dir) {
  const commands = {};
  const requests = {};
  const bump = (table, key, docs) => {
    const row = (table[key] ??= { n: 0, docs: 0 });
    row.n += 1;
    row.docs += docs;
  };
  const Connection = driverConnection();
  const command = Connection.prototype.command;
  Connection.prototype.command = function (ns, cmd, ...rest) {
    const name = Object.keys(cmd)[0];
    const target = typeof cmd[name] === 'string' ? cmd[name] : '';
    const docs = (cmd.documents ?? cmd.updates ?? cmd.deletes ?? []).length;
    if (!['hello', 'isMaster', 'ismaster', 'ping', 'endSessions'].includes(name)) bump(commands, `${name} ${target}`, docs);
    return command.call(this, ns, cmd, ...rest);
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    if (event === 'request') bump(requests, `${req.method} ${req.url.split('?')[0].replace(/\/[a-z]+_[A-Za-z0-9]+/g, '/{id}')}`, 0);
    return emit.call(this, event, req, ...rest);
  };
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${service}-${process.pid}.jsonl`);
  const write = () => fs.appendFileSync(file, JSON.stringify({ at: Date.now(), commands, requests }) + '\n');
  setInterval(write, 250).unref();
  process.on('exit', write);
}
