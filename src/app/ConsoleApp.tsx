import { reaction } from 'mobx';
import { addLocale, locale as primeLocale } from 'primereact/api';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { PrimeReactProvider, ariaLabel } from 'primereact/api';
import { I18nextProvider } from 'react-i18next';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { StoreProvider } from '../components/store-context';
import { LoginStoreProvider } from '../components/login-context';
import { ensureLanguage, hasLanguage, type I18n } from '../i18n';
import type { RootStore } from '../stores/root';
import type { Notifier } from './notifier';
import { AppRoutes } from './routes';
import { applyAppearance } from './header/appearance';
import { ToastHost } from './ToastHost';

/** One console as src/compose.ts builds it: the stores, i18n and the toast notifier. */
export interface Console {
  root: RootStore;
  i18n: I18n;
  notifier: Notifier;
}

export interface ConsoleAppProps {
  console: Console;
  /** The router's location hooks: the browser's in the app, a memory location in stories. */
  hook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  /** What to render inside the providers; the route table by default. */
  children?: ReactNode;
}

const HTML_LANG = { 'zh-chs': 'zh-CN', en: 'en' } as const;

/** Providers (store, i18n, router), the toast host and the page-wide effects (gray mode, language). */
/**
 * PrimeReact for every component (paginators included), so that assistive technology meets one named
 * control each: a Dropdown's hidden <select> (it mirrors the choice for native forms) is hidden, the
 * combobox speaks; an InputSwitch's box is no second checkbox around its role=switch input; a
 * TreeSelect's trigger icon is decoration of its combobox; a disabled Dropdown is aria-disabled (axe:
 * select-name, nested-interactive, aria-command-name, color-contrast, aria-toggle-field-name, label).
 */
const PRIME_REACT = {
  pt: {
    dropdown: {
      select: { 'aria-hidden': true },
      // The chevron is decoration of the combobox (which is named and opens the list): no second, nameless button.
      trigger: { role: undefined, 'aria-haspopup': undefined, 'aria-expanded': undefined, 'aria-hidden': true },
      // A disabled dropdown (a div) says so, as a disabled <input> would (its faded text is then exempt from contrast).
      // (PrimeReact also puts aria-activedescendant on this role-less div, pointing at "dropdownItem_-1" when
      // nothing is focused: the combobox input carries the list's state, so the div says nothing.)
      root: ({ props }: { props: { disabled?: boolean } }) => ({ 'aria-activedescendant': undefined, ...(props.disabled ? { 'aria-disabled': true } : {}) }),
    },
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
    // A multi-select's open list. Its select-all checkbox (shown without a label beside the search box) is
    // one named control: the input, named in the interface language (PrimeReact's locale, which ConsoleApp
    // keeps in step with i18n), its box no second checkbox around it. Each option (role option,
    // aria-selected) says whether it is chosen, so the checkbox drawn in it is decoration. The search box
    // is named by its placeholder.
    multiselect: {
      headerCheckbox: {
        root: { role: undefined, 'aria-checked': undefined },
        input: () => ({ 'aria-label': ariaLabel('selectAll', {}) }),
      },
      checkboxContainer: { 'aria-hidden': true },
      // (its input is out of the page, not a control inside the option: a click on the box reaches the option)
      checkbox: { input: { hidden: true } },
      // The list scrolls past ten options: one Tab stop, so the keyboard scrolls it as the arrows move through it.
      wrapper: { tabIndex: 0 },
      filterInput: { root: ({ props }: { props: { placeholder?: string } }) => ({ 'aria-label': props.placeholder || ariaLabel('filterInput', {}) }) },
    },
    // A node's expand/collapse chevron is not focusable (tabindex -1; the tree item expands with the arrow keys): decoration, not a nameless button.
    tree: { toggler: { 'aria-hidden': true } },
    treeselect: {
      trigger: { role: undefined, 'aria-haspopup': undefined, 'aria-expanded': undefined, 'aria-hidden': true },
      // Its focusable input opens a tree: a combobox (PrimeReact gives the <input> role listbox, which no input may have).
      hiddenInput: { role: 'combobox' },
      // The open panel's focus-trap sentinels are tabbable: not aria-hidden (as the dropdown's are not).
      firstHiddenFocusableElementOnOverlay: { 'aria-hidden': undefined },
      lastHiddenFocusableElementOnOverlay: { 'aria-hidden': undefined },
    },
  },
};

export function ConsoleApp({ console: app, hook, searchHook, children }: ConsoleAppProps) {
  const { root, i18n, notifier } = app;

  // Theme, colour, size and layout choices, applied before the first paint (src/app/header/appearance.ts).
  useLayoutEffect(() => applyAppearance(root, document.documentElement), [root]);

  useEffect(() => {
    const html = document.documentElement;
    const stopGray = reaction(
      () => root.ui.gray,
      (gray) => html.classList.toggle('gray-mode', gray),
      { fireImmediately: true },
    );
    const stopLanguage = reaction(
      () => root.locale.language,
      (language) => {
        const apply = () => {
          // A slower load of a language switched away from meanwhile is not applied.
          if (root.locale.language !== language) return;
          void i18n.changeLanguage(language);
          html.lang = HTML_LANG[language];
          // PrimeReact's own texts (calendar, paginator, confirm dialogs) follow the language too. Its
          // locale name doubles as the Intl tag of number and date formats, so it is a BCP 47 tag (zh-CN).
          addLocale(HTML_LANG[language], i18n.getFixedT(language)('primereact', { returnObjects: true }) as object);
          primeLocale(HTML_LANG[language]);
        };
        if (hasLanguage(i18n, language)) apply();
        else void ensureLanguage(i18n, language).then(apply, () => undefined);
      },
      { fireImmediately: true },
    );
    return () => {
      stopGray();
      stopLanguage();
      html.classList.remove('gray-mode');
    };
  }, [root, i18n]);

  return (
    <PrimeReactProvider value={PRIME_REACT}>
      <StoreProvider store={root}>
        <LoginStoreProvider store={root.loginPage}>
          <I18nextProvider i18n={i18n}>
            <Router {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})}>
              {children ?? <AppRoutes />}
            </Router>
            <ToastHost notifier={notifier} />
          </I18nextProvider>
        </LoginStoreProvider>
      </StoreProvider>
    </PrimeReactProvider>
  );
}
