/**
 * The demonstration pages (decision 027): with DEMO_PAGES on (the embedded database, `npm start`), the call's Pay a
 * Bill, Autopay and evaluation-code links open these pages instead of the payment and evaluation services, which
 * are outside this network. They are stand-ins for those services, as a local SMTP server is for mail: the autopay
 * page asks POST /api/GetUCMS with the service's key, as the real service does. Public, as the services are to a
 * customer; they show only what their link carries and the franchise's enrollment.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GetUcmsResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';

const Customer = z.coerce.number().int('must be a whole number').min(-1).max(2_147_483_647);
const Sqldbid = z.coerce.number().int('must be a whole number').min(1).max(2_147_483_647);
const Zip = z.string().regex(/^\d{5}$/, 'must be 5 digits');

const PayQuery = z.object({ customer: Customer, zip: Zip });
const AutopayQuery = PayQuery.extend({ sqldbid: Sqldbid });
const EvaluationQuery = z.object({
  customer: Customer,
  sqldbid: Sqldbid,
  code: z.string().max(40, 'must be at most 40 characters').optional(),
});

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page around a body of trusted markup; every value in it is escaped by the caller. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:40rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}
.note{color:#495057;font-size:.9rem}dt{font-weight:600}dd{margin:0 0 .75rem}</style></head>
<body><main><h1>${escape(title)}</h1>${body}
<p class="note">A demonstration page served by the call centre in place of an outside service: in a deployment,
the link opens the service configured for it.</p></main></body></html>`;
}

function facts(rows: [string, string][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escape(k)}</dt><dd data-fact="${escape(k)}">${escape(v)}</dd>`).join('')}</dl>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}

function parse<T>(schema: z.ZodType<T>, query: unknown, reply: FastifyReply, title: string): T | undefined {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `<li>${escape(`${i.path.join('.')}: ${i.message}`)}</li>`);
  void send(reply, 400, page(title, `<p role="alert">This link is not complete:</p><ul>${problems.join('')}</ul>`));
  return undefined;
}

export function registerDemoPages(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.demoPages) return;

  app.get('/demo/pay-a-bill', async (request, reply) => {
    const title = 'Pay a Bill';
    const q = parse(PayQuery, request.query, reply, title);
    if (!q) return reply;
    return send(
      reply,
      200,
      page(
        title,
        facts([
          ['Account', String(q.customer)],
          ['Zip code', q.zip],
        ]),
      ),
    );
  });

  app.get('/demo/autopay', async (request, reply) => {
    const title = 'Autopay enrollment';
    const q = parse(AutopayQuery, request.query, reply, title);
    if (!q) return reply;
    // As the customer-management service does: ask the enrollment call with the service's key.
    const answer = await app.inject({
      method: 'POST',
      url: '/api/GetUCMS',
      payload: { apiKey: ctx.config.enrollmentApiKey ?? '', sqldbid: q.sqldbid },
    });
    if (answer.statusCode !== 200) {
      const { message } = answer.json<{ message: string }>();
      return send(reply, answer.statusCode, page(title, `<p role="alert">${escape(message)}</p>`));
    }
    const f = answer.json<GetUcmsResponse>();
    return send(
      reply,
      200,
      page(
        title,
        facts([
          ['Account', String(q.customer)],
          ['Zip code', q.zip],
          ['Franchise', `${f.compName} (${f.branchNo})`],
          ['Autopay', f.autoPayEnrolled ? 'This franchise takes autopay.' : 'This franchise does not take autopay.'],
          ['Monthly installments', f.monthlyPayment ? 'Offered' : 'Not offered'],
        ]),
      ),
    );
  });

  app.get('/demo/evaluation', async (request, reply) => {
    const title = 'Property evaluation';
    const q = parse(EvaluationQuery, request.query, reply, title);
    if (!q) return reply;
    const code = q.code?.trim() ? q.code.trim() : 'None on this call: a new evaluation';
    return send(
      reply,
      200,
      page(
        title,
        facts([
          ['Evaluation code', code],
          ['Account', String(q.customer)],
          ['Franchise', String(q.sqldbid)],
        ]),
      ),
    );
  });
}
