import { beforeEach, describe, expect, it } from 'vitest';
import { resetHttp } from '../../../lib/http';
import { mockServer } from '../../../test/render';
import { saveAdminNotice } from './admin-notice-save';

beforeEach(() => resetHttp());

describe('saveAdminNotice', () => {
  it('posts the target user types as a comma-separated string, form-encoded', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '保存成功', data: { id: 9 } } }));
    await expect(saveAdminNotice({ title: '标题', content: '内容', user_types: [3, 1] })).resolves.toEqual({
      id: 9,
    });
    expect(seen[0].url).toBe('/api/v1/admin_notice_save');
    expect(new URLSearchParams(String(seen[0].data)).get('user_types')).toBe('1,3');
    expect(new URLSearchParams(String(seen[0].data)).has('id')).toBe(false);
  });

  it('sends the id of an edited draft', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: { id: 4 } } }));
    await saveAdminNotice({ id: 4, title: '标题', content: '内容', user_types: [5] });
    expect(new URLSearchParams(String(seen[0].data)).get('id')).toBe('4');
  });
});
