// The baseline for tools/bench/api: a bare Express 5 app, nothing mounted but one JSON route.
const express = require('express');

const app = express();
app.get('/', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
