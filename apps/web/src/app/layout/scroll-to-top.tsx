import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the top when moving to another page (not when /home/{profession} follows the filters). */
export function ScrollToTop() {
  const section = useLocation().pathname.split('/')[1] ?? '';
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [section]);
  return null;
}
