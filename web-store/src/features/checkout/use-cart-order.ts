import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast';
import { CART_KEY } from '@/lib/cart';
import { Order, orderFromStoredCart } from './checkout-rules';

function readStoredCart(): Order {
  try {
    return orderFromStoredCart(sessionStorage.getItem(CART_KEY));
  } catch {
    return { status: 'invalid' };
  }
}

/**
 * /checkout sells the cart as it was when the page opened: clearing it after the payment must not turn
 * the page into an "empty cart" one. Without a cart to sell, the buyer is sent back to pick counties.
 */
export function useCartOrder(): Order {
  const [order] = useState(readStoredCart);
  const navigate = useNavigate();

  useEffect(() => {
    if (order.status === 'empty') {
      toast({ title: 'Cart Empty', description: 'Please select counties to purchase', variant: 'destructive' });
    } else if (order.status === 'invalid') {
      toast({ title: 'Failed to load cart', variant: 'destructive' });
    } else {
      return;
    }
    void navigate('/select-counties', { replace: true });
  }, [order, navigate]);

  return order;
}
