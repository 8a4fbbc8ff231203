import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok } from '../administration/adminApi';
import { createFixture, submit, type Fixture } from './inspectionFixture';
import { INSPECTION_IMAGE_MAX_BYTES } from '../../../common/constants';

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t);
});
afterAll(() => t?.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1), Buffer.from([0xff, 0xd9])]);

function multipart(content: Buffer, filename = 'photo.jpg', field = 'file', type = 'image/jpeg') {
  const boundary = '----facilityops' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (content: Buffer, as = 'technician', filename?: string, field?: string, type?: string) => {
  const body = multipart(content, filename, field, type);
  return t.request({ as, method: 'POST', url: '/api/file', payload: body.payload, headers: body.headers });
};

describe('image files', () => {
  it('takes a JPEG or PNG, typed by its content', async () => {
    const jpeg = ok(await upload(JPEG));
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length, name: 'photo.jpg' });
    const png = ok(await upload(PNG, 'technician', 'looks-like.jpg', 'file', 'image/jpeg'));
    expect(png.contentType).toBe('image/png');
  });

  it('refuses content that is not an image whatever its name (415), an empty or oversize file, another field', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'technician', 'x.jpg');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toMatch(/JPEG, PNG or WebP/);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(INSPECTION_IMAGE_MAX_BYTES + 10)]);
    expect((await upload(big)).statusCode).toBe(413);
    expect((await upload(JPEG, 'technician', 'a.jpg', 'picture')).statusCode).toBe(400);
    expect((await t.request({ as: 'technician', method: 'POST', url: '/api/file', payload: { file: 'x' } })).statusCode).toBe(400);
  });

  it('is refused to users without update-inspection', async () => {
    expect((await upload(JPEG, 'onsite')).statusCode).toBe(403);
  });

  it('serves a file with nosniff to its uploader, to readers of its inspection once used, to nobody else', async () => {
    const file = ok(await upload(PNG));
    const get = (as: string) => t.request({ as, method: 'GET', url: `/api/file/${file._id}` });
    const mine = await get('technician');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await get('engineer')).statusCode).toBe(403);

    const body = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: file._id } }));
    expect(body.inspections).toHaveLength(1);
    expect((await get('engineer')).statusCode).toBe(200);
    expect((await get('onsite')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/file/${file._id}` })).statusCode).toBe(401);
    expect((await get('engineer')).headers['x-content-type-options']).toBe('nosniff');
  });

  it("an image value must be the caller's own unused upload", async () => {
    const engineers = ok(await upload(JPEG, 'engineer'));
    const other = await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: engineers._id } });
    expect(other.statusCode).toBe(400);
    const own = ok(await upload(JPEG));
    ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: own._id } }));
    const reused = await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: own._id } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/still unused/);
  });
});
