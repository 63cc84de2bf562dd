import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateTimePicker, splitDateTime, todayIso } from './date-time-picker';

function Harness({ minDate, initial = '' }: { minDate?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimePicker label="Date du vol" value={value} onChange={setValue} minDate={minDate} />
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('DateTimePicker', () => {
  it('is a labelled group: a dd/mm/yyyy date, hours 00–23 and minutes every 5, 10:00 by default', () => {
    render(<Harness minDate="2030-01-01" />);
    const group = screen.getByRole('group', { name: 'Date du vol' });
    const hour = within(group).getByRole('combobox', { name: 'Heure' });
    const minute = within(group).getByRole('combobox', { name: 'Minutes' });
    expect(
      within(hour)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(
      within(minute)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    expect(hour).toHaveValue('10');
    expect(minute).toHaveValue('00');
    expect(within(group).getByLabelText('Date (jj/mm/aaaa)')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription(/Format 24 h.*Au plus tôt le 01\/01\/2030/);
  });

  it('hands out "YYYY-MM-DDTHH:mm" once the date is complete', async () => {
    const user = userEvent.setup();
    render(<Harness minDate="2030-01-01" />);
    await user.type(screen.getByLabelText('Date (jj/mm/aaaa)'), '14072031');
    expect(screen.getByLabelText('value')).toHaveTextContent('2031-07-14T10:00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Heure' }), '21');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minutes' }), '35');
    expect(screen.getByLabelText('value')).toHaveTextContent('2031-07-14T21:35');
  });

  it('refuses a day before the minimum and a day that does not exist', async () => {
    const user = userEvent.setup();
    render(<Harness minDate="2030-01-01" />);
    const date = screen.getByLabelText('Date (jj/mm/aaaa)');
    await user.type(date, '31122029');
    expect(screen.getByText('Choisissez une date à partir du 01/01/2030.')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('value')).toBeEmptyDOMElement();
    await user.clear(date);
    await user.type(date, '30022031');
    expect(screen.getByText('Cette date n’existe pas.')).toBeInTheDocument();
    expect(screen.getByLabelText('value')).toBeEmptyDOMElement();
  });

  it('uses today as the default minimum', () => {
    render(<Harness />);
    const today = todayIso();
    const [year, month, day] = today.split('-');
    expect(screen.getByRole('group', { name: 'Date du vol' })).toHaveAccessibleDescription(
      new RegExp(`${day}/${month}/${year}`),
    );
  });

  it('reads a value onto the 5-minute grid', () => {
    expect(splitDateTime('2031-07-14T21:37')).toEqual({ date: '2031-07-14', time: '21:35' });
    expect(splitDateTime('2031-07-14T21:58')).toEqual({ date: '2031-07-14', time: '21:55' });
    expect(splitDateTime('')).toEqual({ date: '', time: '10:00' });
    render(<Harness minDate="2030-01-01" initial="2031-07-14T08:20" />);
    expect(screen.getByLabelText('Date (jj/mm/aaaa)')).toHaveValue('14/07/2031');
    expect(screen.getByRole('combobox', { name: 'Heure' })).toHaveValue('08');
    expect(screen.getByRole('combobox', { name: 'Minutes' })).toHaveValue('20');
  });
});
