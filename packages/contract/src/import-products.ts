/** Products whose data can be imported (spec section 3). Labels are neutral on purpose. */
export const ImportProduct = {
  PartnerV4: 9,
  PartnerV5: 10,
  ThirdPartyA: 4,
  ThirdPartyB: 12,
  ThirdPartyC: 13,
  ThirdPartyD: 0,
  ThirdPartyE: 8,
  ThirdPartyF: 14,
  ThirdPartyG: 15,
  ThirdPartyH: 17,
  NetbarManager: 7,
} as const;
export type ImportProductCode = (typeof ImportProduct)[keyof typeof ImportProduct];
export const IMPORT_PRODUCT_CODES: readonly ImportProductCode[] = [9, 10, 4, 12, 13, 0, 8, 14, 15, 17, 7];

export const ImportProductVariant = { Housekeeper: 'housekeeper', Pubwinol: 'pubwinol' } as const;
export type ImportProductVariantValue = (typeof ImportProductVariant)[keyof typeof ImportProductVariant];

export interface ImportProductInfo {
  label: string;
  /** The 4.0 and 5.0 partner editions receive the password hashed before sending. */
  hashedPassword: boolean;
  variants?: readonly { value: ImportProductVariantValue; label: string }[];
}

export const IMPORT_PRODUCT_INFO: Record<ImportProductCode, ImportProductInfo> = {
  9: { label: '合作伙伴网吧系统4.0', hashedPassword: true },
  10: { label: '合作伙伴网吧系统5.0', hashedPassword: true },
  4: { label: '第三方收银系统A', hashedPassword: false },
  12: { label: '第三方收银系统B', hashedPassword: false },
  13: { label: '第三方收银系统C', hashedPassword: false },
  0: { label: '第三方收银系统D', hashedPassword: false },
  8: { label: '第三方收银系统E', hashedPassword: false },
  14: { label: '第三方收银系统F', hashedPassword: false },
  15: { label: '第三方收银系统G', hashedPassword: false },
  17: { label: '第三方收银系统H', hashedPassword: false },
  7: {
    label: '网吧管理产品',
    hashedPassword: false,
    variants: [
      { value: 'housekeeper', label: '管家版' },
      { value: 'pubwinol', label: '在线版' },
    ],
  },
};

export function isImportProductCode(v: unknown): v is ImportProductCode {
  return typeof v === 'number' && (IMPORT_PRODUCT_CODES as readonly number[]).includes(v);
}

export function importSendsHashedPassword(code: ImportProductCode): boolean {
  return IMPORT_PRODUCT_INFO[code].hashedPassword;
}

/** Import login result codes (spec section 4). */
export const ImportLoginCode = {
  Success: 0,
  Error: 1,
  NeedSms: 2,
  SmsSent: 3,
  ErrorAlt: 4,
  NeedImageCode: 5,
} as const;
export type ImportLoginCodeValue = (typeof ImportLoginCode)[keyof typeof ImportLoginCode];
