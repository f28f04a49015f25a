import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARS_MSG,
  loginBody,
  noticeSaveBody,
  plainString,
  requiredText,
  requiredThen,
  text,
} from './index';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('shared string schemas refuse control characters (issue 11)', () => {
  it.each(['\u0000', '\u0001', '\u0007', '\u001b', '\u007f'])('refuses %j anywhere in a field', (c) => {
    for (const schema of [
      text('请输入名称', 1, 30),
      requiredText,
      plainString(),
      requiredThen('必填', '格式错误', 30, /.*/),
    ]) {
      expect(firstMessage(schema.safeParse(`ab${c}cd`))).toBe(CONTROL_CHARS_MSG);
    }
    const login = loginBody.safeParse({ user_name: `demo${c}`, password: 'x', captcha: '1234', type: 1 });
    expect(firstMessage(login)).toBe(CONTROL_CHARS_MSG);
  });

  it('keeps tab and line breaks in text', () => {
    expect(text('请输入备注', 1, 100).safeParse('第一行\n第二行\t完').success).toBe(true);
  });

  it('bounds the notice id by ID_MAX', () => {
    const body = { title: '标题', content: '内容', user_types: [1] };
    expect(noticeSaveBody.safeParse({ ...body, id: 2 ** 31 }).success).toBe(false);
    expect(noticeSaveBody.safeParse({ ...body, id: 2 ** 31 - 1 }).success).toBe(true);
  });
});
