import { yuanInputToFen } from '@netbar/contract';
import type { FormRule } from 'antd';

/** A yuan InputNumber checked against a fen range, with the contract's wording. */
export const yuanRule = (label: string, maxFen: number, minFen = 0): FormRule => ({
  validator: async (_r, v: number | null | undefined) => {
    if (v === null || v === undefined) throw new Error(`请填写${label}`);
    const fen = yuanInputToFen(v);
    if (fen < minFen || fen > maxFen)
      throw new Error(`${label}须为${minFen / 100}-${maxFen / 100}元之间的金额`);
  },
});
