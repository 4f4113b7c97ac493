// The baseline for tools/bench/api: a bare Express 5 app, nothing mounted but one JSON route.
const express = require('express');

const app = express();
app.get('/', (_req, res) => {
  res.json({ status: 'ok' });
});
// The same app sending a JSON body of ?bytes=N (billing/all's size): what sending that many bytes costs alone.
const bodies = new Map();
app.get('/body', (req, res) => {
  const bytes = Math.min(1_000_000, Math.max(16, Number(req.query.bytes) || 16));
  if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ text: 'x'.repeat(bytes - 11) }));
  res.type('json').send(bodies.get(bytes));
});
app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
