import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** Navbar search (docs/product/discovery.md §2): at most 250 characters; blank text counts as no search. */
export const SEARCH_MAX_LENGTH = 250;

export function SearchBox({
  disabled = false,
  className,
}: {
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const current = searchParams.get('search') ?? '';
  const [text, setText] = useState(current);
  // Follow the address when it changes (back button, a link with ?search=).
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setText(current);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = text.trim();
    void navigate(paths.search.getHref(search ? { search } : {}));
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className={cn('relative flex w-full items-center', className)}
    >
      <label htmlFor="navbar-search" className="sr-only">
        {t('search.box.label')}
      </label>
      <input
        id="navbar-search"
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={SEARCH_MAX_LENGTH}
        disabled={disabled}
        placeholder={t('search.box.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        className={cn(
          'h-11 w-full rounded-full border border-transparent bg-white pr-12 pl-4 text-base text-night-900 shadow-sm md:h-10 md:text-sm',
          'placeholder:text-slate-500 focus:border-lantern-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-lantern-500',
          'disabled:cursor-not-allowed disabled:bg-night-100',
        )}
      />
      <button
        type="submit"
        disabled={disabled}
        aria-label={t('search.box.submit')}
        className="absolute right-0.5 flex size-11 items-center justify-center rounded-full text-night-700 hover:text-night-900 disabled:cursor-not-allowed disabled:opacity-50 md:size-10"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
