import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages';
import {
  accountName,
  address,
  bankCard,
  bankHolder,
  captcha,
  city,
  confirmPassword,
  contact,
  contactOptional,
  district,
  editPassword,
  email,
  firstZodMessage,
  loginPassword,
  machineCount,
  mobile,
  mobilePatternOnly,
  newPassword,
  postcode,
  province,
  qq,
  requiredSelect,
  requiredText,
  smsCode,
  topUpAmount,
  trueName,
} from './validation';

function ok(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  expect(r.success, `expected ${JSON.stringify(value)} to pass`).toBe(true);
  return r.data;
}

function fails(schema: z.ZodType, value: unknown, msg: string): void {
  const r = schema.safeParse(value);
  expect(r.success, `expected ${JSON.stringify(value)} to fail`).toBe(false);
  if (!r.success) {
    for (const issue of r.error.issues) expect(issue.message).toBe(msg);
    expect(firstZodMessage(r.error)).toBe(msg);
  }
}

const s = (n: number, c = 'a'): string => c.repeat(n);

describe('accountName', () => {
  it('accepts 4 and 30 characters', () => {
    ok(accountName, 'abcd');
    ok(accountName, s(30));
  });
  it('rejects 3 and 31 characters', () => {
    fails(accountName, 'abc', MSG.account);
    fails(accountName, s(31), MSG.account);
  });
  it('rejects a leading underscore, accepts a leading digit and inner underscores', () => {
    fails(accountName, '_abcd', MSG.account);
    expect(ok(accountName, '1abc_d')).toBe('1abc_d');
  });
  it('rejects Chinese characters and symbols', () => {
    fails(accountName, '网吧账号名字', MSG.account);
    fails(accountName, 'abc-def', MSG.account);
  });
  it('rejects missing, empty and non-string values with the same message', () => {
    fails(accountName, undefined, MSG.account);
    fails(accountName, '', MSG.account);
    fails(accountName, 12345, MSG.account);
  });
});

describe('passwords', () => {
  it('newPassword: 6 and 16 ok, 5 and 17 rejected', () => {
    ok(newPassword, s(6, '1'));
    ok(newPassword, `${s(15)}_`);
    fails(newPassword, s(5), MSG.password);
    fails(newPassword, s(17), MSG.password);
    fails(newPassword, 'abc def', MSG.password);
    fails(newPassword, undefined, MSG.password);
  });
  it('editPassword: empty or missing means unchanged', () => {
    expect(ok(editPassword, '')).toBeUndefined();
    expect(ok(editPassword, undefined)).toBeUndefined();
    expect(ok(editPassword, 'abc_123')).toBe('abc_123');
  });
  it('editPassword: a short or long password gets the leave-empty message', () => {
    fails(editPassword, s(5), MSG.editPassword);
    fails(editPassword, s(17), MSG.editPassword);
    expect(MSG.editPassword).toContain('不修改请留空');
  });
  it('loginPassword and confirmPassword are required only', () => {
    ok(loginPassword, 'x');
    fails(loginPassword, '', '请输入密码');
    fails(loginPassword, undefined, '请输入密码');
    ok(confirmPassword, 'x');
    fails(confirmPassword, '', MSG.confirmPassword);
  });
});

describe('mobile', () => {
  it('accepts 11 digits starting 13-19', () => {
    ok(mobile, '13800138000');
    ok(mobile, '19912345678');
  });
  it('rejects 12 digits, 10 digits and a 12 prefix', () => {
    fails(mobile, '138001380001', MSG.mobile);
    fails(mobile, '1380013800', MSG.mobile);
    fails(mobile, '12800138000', MSG.mobile);
    fails(mobile, '23800138000', MSG.mobile);
  });
  it('says required when missing or empty', () => {
    fails(mobile, '', MSG.mobileRequired);
    fails(mobile, undefined, MSG.mobileRequired);
  });
  it('pattern-only variant', () => {
    ok(mobilePatternOnly, '15012345678');
    fails(mobilePatternOnly, '12012345678', MSG.mobile);
    fails(mobilePatternOnly, '', MSG.mobile);
  });
  it('too-many message names the count', () => {
    expect(MSG.mobileTooMany(10)).toBe('该手机号已注册10个账号，不能再注册');
  });
});

describe('qq', () => {
  it('empty or missing is fine', () => {
    expect(ok(qq, '')).toBeUndefined();
    expect(ok(qq, undefined)).toBeUndefined();
  });
  it('4 and 20 digits ok; 3 and 21 digits rejected', () => {
    ok(qq, '1234');
    ok(qq, `1${s(19, '0')}`);
    fails(qq, '123', MSG.qq);
    fails(qq, `1${s(20, '0')}`, MSG.qq);
  });
  it('rejects a leading 0 and letters', () => {
    fails(qq, '01234', MSG.qq);
    fails(qq, '12a45', MSG.qq);
  });
});

describe('machineCount', () => {
  it('accepts 1 and 300, numbers or numeric strings', () => {
    expect(ok(machineCount, 1)).toBe(1);
    expect(ok(machineCount, '300')).toBe(300);
  });
  it('rejects 0, 301, 1.5, abc, empty and missing', () => {
    for (const v of [0, 301, '0', '301', 1.5, '1.5', 'abc', '', undefined, null, true]) {
      fails(machineCount, v, MSG.machineCount);
    }
  });
});

describe('lengths of free text', () => {
  it('trueName: 1 and 25 ok; 0 (and blank) and 26 rejected', () => {
    ok(trueName, '张');
    ok(trueName, s(25, '张'));
    fails(trueName, '', MSG.trueName);
    fails(trueName, '   ', MSG.trueName);
    fails(trueName, s(26, '张'), MSG.trueName);
  });
  it('bankHolder: 1-25', () => {
    ok(bankHolder, '李四');
    fails(bankHolder, '', MSG.bankHolder);
    fails(bankHolder, s(26), MSG.bankHolder);
  });
  it('contact: 10 ok, 11 rejected; optional variant', () => {
    ok(contact, s(10, '王'));
    fails(contact, s(11, '王'), MSG.contact);
    fails(contact, '', MSG.contact);
    expect(ok(contactOptional, '')).toBeUndefined();
    fails(contactOptional, s(11), MSG.contact);
  });
  it('address: 50 ok, 51 rejected', () => {
    ok(address, s(50, '路'));
    fails(address, s(51, '路'), MSG.address);
    fails(address, '', MSG.address);
  });
  it('postcode: 10 ok, 11 rejected', () => {
    ok(postcode, '100000');
    ok(postcode, s(10, '1'));
    fails(postcode, s(11, '1'), MSG.postcode);
    fails(postcode, '', MSG.postcode);
  });
});

describe('email', () => {
  it('accepts a normal address', () => {
    ok(email, 'boss@example.com');
    ok(email, 'a.b+c@mail.example.cn');
  });
  it('rejects bad formats with the format message', () => {
    for (const v of ['boss', 'boss@', '@example.com', 'boss@example', 'bo ss@example.com']) {
      fails(email, v, MSG.email);
    }
  });
  it('says required when empty or missing', () => {
    fails(email, '', MSG.emailRequired);
    fails(email, undefined, MSG.emailRequired);
  });
});

describe('required fields', () => {
  it('region selects', () => {
    ok(province, '广东省');
    fails(province, '', MSG.province);
    fails(city, undefined, MSG.city);
    fails(district, '', MSG.district);
  });
  it('bank card, SMS code, captcha, generic text and select', () => {
    ok(bankCard, '6222020200112233445');
    fails(bankCard, '', MSG.bankCard);
    fails(smsCode, '', MSG.smsCode);
    fails(captcha, '', '请输入验证码');
    fails(requiredText, ' ', '请输入内容');
    ok(requiredSelect, 3);
    ok(requiredSelect, 'a');
    fails(requiredSelect, '', '请选择');
    fails(requiredSelect, undefined, '请选择');
  });
  it('topUpAmount: positive integer fen', () => {
    expect(ok(topUpAmount, '10000')).toBe(10000);
    for (const v of ['', undefined, 0, -5, 1.5, 'abc']) fails(topUpAmount, v, MSG.topUp);
    fails(topUpAmount, 100_000_001, MSG.topUpTooLarge);
  });
});
