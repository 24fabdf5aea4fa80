import Database from 'better-sqlite3';
const db = new Database('/tmp/f100k.db', { readonly: true });
const max = db.prepare('select max(created_at) m, min(created_at) n, count(*) c from call').get(); console.log(max);
const end = max.m.slice(0,10)+'T23:59:59.999Z', start = new Date(Date.parse(max.m) - 90*864e5).toISOString().slice(0,10)+'T00:00:00.000Z';
const qs = {
 leads: `select substr(created_at,1,10) day, count(*) from call where created_at >= ? and created_at < ? group by 1`,
 pdf: `select substr(lead_created_at,1,10) day, count(*), count(first_viewed_at), count(accepted_at) from pdf where lead_created_at >= ? and lead_created_at < ? group by 1`,
 conv: `select substr(created_at,1,10) day, count(*) from vapi_call where created_at >= ? and created_at < ? group by 1`,
 acc: `select created_at, accepted_at from pdf where lead_created_at >= ? and lead_created_at < ? and accepted_at is not null`,
};
for (const [k,q] of Object.entries(qs)) {
  const st = db.prepare(q); st.all(start,end);
  const t=performance.now(); let n; for (let i=0;i<10;i++) n=st.all(start,end).length; console.log(k, ((performance.now()-t)/10).toFixed(1),'ms', n, db.prepare('explain query plan '+q).all(start,end).map(r=>r.detail).join(' | '));
}
