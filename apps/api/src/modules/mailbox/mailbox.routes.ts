import { mailboxQuerySchema } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { route, type RouteTable } from '../../http/route-table';
import { createMailboxService } from './mailbox.service';

/** Development mailbox (ARCHITECTURE.md "Contracts"); not mounted in production. */
export const mailboxRoutes = (deps: AppDeps): RouteTable => {
  const mailbox = createMailboxService(deps);
  return [
    route({
      method: 'get',
      path: '/dev/mailbox',
      summary: 'Development mailbox: outbox messages to ?to=<e-mail or phone>, newest first (not in production)',
      query: mailboxQuerySchema,
      handler: async ({ query: { to }, res }) => {
        const data = await mailbox.messagesTo(to);
        res.set('Cache-Control', 'no-store').json({ data });
      },
    }),
    route({
      method: 'get',
      path: '/dev/mailbox.html',
      summary: 'Development mailbox page',
      handler: ({ res }) => {
        res.set('Content-Type', 'text/html; charset=utf-8').send(MAILBOX_PAGE);
      },
    }),
    route({
      method: 'get',
      path: '/dev/mailbox.js',
      summary: 'Development mailbox page script (served apart: the CSP blocks inline scripts)',
      handler: ({ res }) => {
        res.set('Content-Type', 'application/javascript; charset=utf-8').send(MAILBOX_SCRIPT);
      },
    }),
  ];
};

// Inline script would be blocked by helmet's CSP, so the page's script is served as a separate file.
const MAILBOX_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Merchant Hub — dev mailbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}input{padding:.4rem;width:22rem}
article{border:1px solid #ccc;border-radius:6px;padding:.8rem;margin:.8rem 0}pre{white-space:pre-wrap}
.code{font:bold 1.4rem monospace;letter-spacing:.2rem}</style></head>
<body><h1>Development mailbox</h1>
<form id="f"><input id="to" name="to" placeholder="e-mail or phone, e.g. merchant-my@demo.test" required>
<button>Show messages</button></form><div id="list"></div>
<script src="/api/dev/mailbox.js"></script></body></html>`;

export const MAILBOX_SCRIPT = `const form=document.getElementById('f');const list=document.getElementById('list');
const input=document.getElementById('to');const q=new URLSearchParams(location.search).get('to');if(q){input.value=q;}
async function load(){list.textContent='Loading…';const r=await fetch('/api/dev/mailbox?to='+encodeURIComponent(input.value));
const body=await r.json();list.textContent='';if(!body.data||body.data.length===0){list.textContent='No messages.';return;}
for(const m of body.data){const a=document.createElement('article');const h=document.createElement('h3');
h.textContent=(m.subject||'SMS')+' — '+m.channel+' to '+m.to+' at '+m.created_at;a.appendChild(h);
if(m.code){const c=document.createElement('div');c.className='code';c.textContent=m.code;a.appendChild(c);}
if(m.link){const l=document.createElement('a');l.href=m.link;l.textContent=m.link;a.appendChild(l);}
const p=document.createElement('pre');p.textContent=m.text;a.appendChild(p);
for(const f of m.attachments||[]){const d=document.createElement('div');d.textContent='📎 '+f.filename+' ('+f.content_type+', '+f.size+' bytes)';a.appendChild(d);}
list.appendChild(a);}}
form.addEventListener('submit',(e)=>{e.preventDefault();history.replaceState(null,'','?to='+encodeURIComponent(input.value));load();});
if(q){load();}`;
