import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The action bar of the claim information (spec 2.2): it slides in at the bottom when the
 * debtor scrolls up after having scrolled past the page's own buttons, and hides again on the
 * way down. Without JavaScript it never shows; the buttons in the page are always there.
 * While it shows, the page keeps room below focused elements so it never hides them (WCAG 2.4.11).
 */
export function StickyActionBar({ label, total, children }: { label: string; total: string; children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        const scrollingUp = y < lastY - 4;
        const scrollingDown = y > lastY + 4;
        // Only after the first screen: at the top the page's own buttons are in view.
        if (scrollingUp && y > window.innerHeight * 0.6) setVisible(true);
        else if (scrollingDown || y <= window.innerHeight * 0.6) setVisible(false);
        if (scrollingUp || scrollingDown) lastY = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    if (visible && bar.current) root.style.scrollPaddingBottom = `${bar.current.offsetHeight + 16}px`;
    else root.style.removeProperty('scroll-padding-bottom');
    return () => {
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [visible]);

  return (
    <div
      ref={bar}
      className={`action-bar${visible ? ' is-visible' : ''}`}
      role="region"
      aria-label={label}
      hidden={!visible}
      data-testid="action-bar"
    >
      <div className="container action-bar__inner">
        <p className="action-bar__total">{total}</p>
        {children}
      </div>
    </div>
  );
}
