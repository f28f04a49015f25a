import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemKindSelect, LocationSelect } from './stock-selects';

describe('filter selects have an accessible name', () => {
  it('类型 and 库位', () => {
    render(
      <>
        <ItemKindSelect />
        <LocationSelect placeholder="所在库位" />
      </>,
    );
    expect(screen.getByRole('combobox', { name: '类型' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '所在库位' })).toBeInTheDocument();
  });
});
