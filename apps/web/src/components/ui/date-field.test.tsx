import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField, formatDateDigits, isoToDateText, parseDateText } from './date-field';

describe('date text helpers', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['120', '12/0'],
    ['1205', '12/05'],
    ['120519', '12/05/19'],
    ['12051990', '12/05/1990'],
    ['1205199012', '12/05/1990'],
    ['12/05/1990', '12/05/1990'],
    ['ab1c2-05', '12/05'],
  ])('formats "%s" as "%s"', (typed, shown) => {
    expect(formatDateDigits(typed)).toBe(shown);
  });

  it.each([
    ['12/05/1990', '1990-05-12'],
    ['1/5/1990', '1990-05-01'],
    ['31/02/2000', '2000-02-31'],
    ['12/05', null],
    ['12/05/19', null],
    ['', null],
  ])('reads "%s" only with 3 numeric parts: %s', (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });

  it('shows an ISO date as dd/mm/yyyy', () => {
    expect(isoToDateText('1990-05-12')).toBe('12/05/1990');
    expect(isoToDateText('12/05')).toBe('12/05');
  });
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="date">Date</label>
      <DateField id="date" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
      <button type="button" onClick={() => setValue('2001-02-03')}>
        set
      </button>
    </>
  );
}

describe('DateField', () => {
  it('takes digits only, adds the slashes, and hands out ISO once complete', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByLabelText('Date');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await user.type(field, '1x2');
    expect(field).toHaveValue('12');
    expect(screen.getByLabelText('value')).toHaveTextContent('12');
    await user.type(field, '051990');
    expect(field).toHaveValue('12/05/1990');
    expect(screen.getByLabelText('value')).toHaveTextContent('1990-05-12');
    await user.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(field).toHaveValue('12/0');
  });

  it('shows a value set by the form', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1990-05-12" />);
    expect(screen.getByLabelText('Date')).toHaveValue('12/05/1990');
    await user.click(screen.getByRole('button', { name: 'set' }));
    expect(screen.getByLabelText('Date')).toHaveValue('03/02/2001');
  });
});
