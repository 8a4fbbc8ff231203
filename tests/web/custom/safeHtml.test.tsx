import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from '../../../src/custom/fields/SafeHtml';

describe('SafeHtml (DESIGN §7)', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const { container } = render(
      <SafeHtml html={'<p>Check <em>valve</em></p><script>alert(1)</script><img src="a.png" onerror="alert(2)"><a href="javascript:alert(3)" onclick="alert(4)">x</a><svg><script>alert(5)</script></svg>'} />,
    );
    expect(container.querySelector('em')).toHaveTextContent('valve');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', 'a.png');
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container.querySelector('a')).not.toHaveAttribute('onclick');
  });

  it('renders nothing for empty input', () => {
    const { container } = render(<SafeHtml html={null} />);
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });
});
